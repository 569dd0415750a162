import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message as the sink received it. */
export interface SinkMail {
  messageId: string;
  subject: string;
  to: string;
  /** The name the sending client gave in EHLO: which instance sent it (`?name=` in SMTP_URL). */
  client: string;
  /** Date.now() when the sink accepted it. */
  receivedAt: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Accepted messages, in the order they were accepted. */
  readonly received: SinkMail[];
  /** Messages between the end of their DATA and the sink's answer, now: all, or of one client. */
  inFlight(client?: string): number;
  /** The most messages ever in flight at once. */
  readonly maxInFlight: number;
  /** The most SMTP connections ever open at once. */
  readonly maxConnections: number;
  /** Resolves once the condition holds; checked after every change the sink sees. */
  until(condition: () => boolean): Promise<void>;
  close(): Promise<void>;
}

const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1]?.trim() ?? '';

/**
 * A real SMTP server on 127.0.0.1 for tests and the mail bench (smtp-server). `answer` runs for
 * each message before the sink replies: holding it keeps the message in flight (the sending
 * connection waits), throwing rejects it with a temporary failure (451), as a busy server does.
 */
export async function startSmtpSink({
  answer,
}: { answer?: (mail: SinkMail, sink: SmtpSink) => Promise<void> | void } = {}): Promise<SmtpSink> {
  const received: SinkMail[] = [];
  const inFlightByClient = new Map<string, number>();
  const waiters = new Set<{ condition: () => boolean; resolve: () => void }>();
  let connections = 0;
  let maxConnections = 0;
  let maxInFlight = 0;
  const inFlight = (client?: string) =>
    client === undefined
      ? [...inFlightByClient.values()].reduce((sum, count) => sum + count, 0)
      : (inFlightByClient.get(client) ?? 0);
  const changed = () => {
    for (const waiter of waiters) {
      if (waiter.condition()) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };
  const track = (client: string, step: 1 | -1) => {
    inFlightByClient.set(client, inFlight(client) + step);
    maxInFlight = Math.max(maxInFlight, inFlight());
    changed();
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      maxConnections = Math.max(maxConnections, connections);
      callback();
    },
    onClose() {
      connections -= 1;
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: SinkMail = {
          messageId: headerOf(raw, 'Message-ID'),
          subject: headerOf(raw, 'Subject'),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          client: session.hostNameAppearsAs,
          receivedAt: 0,
        };
        track(mail.client, 1);
        Promise.resolve()
          .then(() => answer?.(mail, sink))
          .then(
            () => {
              mail.receivedAt = Date.now();
              received.push(mail);
              track(mail.client, -1);
              callback();
            },
            (error: unknown) => {
              track(mail.client, -1);
              callback(
                Object.assign(new Error(error instanceof Error ? error.message : 'busy'), { responseCode: 451 }),
              );
            },
          );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    inFlight,
    get maxInFlight() {
      return maxInFlight;
    },
    get maxConnections() {
      return maxConnections;
    },
    until(condition) {
      if (condition()) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ condition, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
