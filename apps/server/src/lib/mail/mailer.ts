import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { insertOutboxMail, type OutboxMail } from './outbox.repository.ts';

const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+/g) ?? [];

export interface Mailer {
  send(mail: OutboxMail): Promise<void>;
}

/** The transport behind the queue: it holds SMTP connections, closed when the app closes. */
export interface MailTransport extends Mailer {
  close(): void;
}

/**
 * Decision 060: one SMTP try always ends within a minute, queueing in the pool included, so a
 * mail job settles long before its expiry (queued-mailer.ts) and is never run a second time
 * while the first try could still deliver it. A hung server is cut off by these timeouts.
 */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
export const smtpTryLimitMs = 60_000;

/** The domain of MAIL_FROM ("Huddle <no-reply@huddle.local>"), for Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'huddle.local';

/**
 * SMTP when SMTP_URL is set; otherwise the mail is kept in the outbox table and
 * written to the log, so a reset link can still be followed on a laptop.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  /** Connections kept open to the SMTP server at most; more mails wait in the pool for one. */
  maxConnections: number;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
}): MailTransport {
  const { smtpUrl, maxConnections, from, db, log } = options;
  if (smtpUrl) {
    // Pooled: a connection carries many mails (a new one per mail cost a TCP and SMTP handshake
    // each), and at most maxConnections run at once.
    // Made with the first mail, not at start: nodemailer is loaded then (decision 069).
    let transport: Promise<Transporter> | undefined;
    const openTransport = () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections, ...smtpTimeouts }),
      ));
    const messageIdDomain = domainOf(from);
    return {
      async send(mail) {
        const open = await openTransport();
        await open.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.id && { messageId: `<${mail.id}@${messageIdDomain}>` }),
          signal: AbortSignal.timeout(smtpTryLimitMs),
        });
        // The recipient and the body are people's data; the subject says which mail went out.
        log.info({ subject: mail.subject }, 'mail sent over SMTP');
      },
      close: () => void transport?.then((open) => open.close()),
    };
  }
  return {
    async send(mail) {
      await insertOutboxMail(db, mail);
      // Without SMTP the log is how the operator delivers the mail: the recipient and the links,
      // not the body (the greeting names the person; messages carry what others wrote).
      log.info(
        { mail: { to: mail.to, subject: mail.subject, links: linksIn(mail.text) } },
        'mail stored in the outbox (no SMTP_URL)',
      );
    },
    close: () => undefined,
  };
}
