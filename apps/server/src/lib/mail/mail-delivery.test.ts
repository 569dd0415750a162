import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { startSmtpSink, type SinkMail, type SmtpSink } from '../../test/smtp-sink.ts';
import { createPgBossQueue } from '../jobs/pg-boss-queue.ts';
import type { JobOptions } from '../jobs/job-queue.ts';
import { createMailer } from './mailer.ts';
import { createQueuedMailer, mailBatchSize, sendMailJob } from './queued-mailer.ts';
import type { OutboxMail } from './outbox.repository.ts';

// Decision 060: mail through the production path (pg-boss on a real database, the pooled SMTP
// transport) into a real SMTP server.
const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<TestDatabase> {
  const created = await createTestDatabase();
  cleanups.push(() => created.close());
  return created;
}

async function sink(answer?: (mail: SinkMail, sink: SmtpSink) => Promise<void> | void): Promise<SmtpSink> {
  const started = await startSmtpSink({ answer });
  cleanups.push(() => started.close());
  return started;
}

/** One server instance's mail: its queue (working or only sending) and its own SMTP pool. */
async function instance(
  db: TestDatabase,
  smtp: SmtpSink,
  {
    name = 'instance-a',
    work = true,
    maxConnections = 3,
    retries,
  }: { name?: string; work?: boolean; maxConnections?: number; retries?: JobOptions } = {},
) {
  const queue = createPgBossQueue(
    { connectionString: db.url },
    { log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, work },
  );
  const transport = createMailer({
    smtpUrl: `${smtp.url}/?name=${name}`,
    maxConnections,
    from: 'Huddle <no-reply@huddle.test>',
    db: db.db,
    log,
  });
  const mailer = createQueuedMailer(queue, transport, retries ? { retries } : {});
  await queue.start();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Graceful: the batch in hand is finished and marked before the queue lets go.
    await queue.stop();
    transport.close();
  };
  cleanups.push(stop);
  return { mailer, queue, stop };
}

const notice = (n: number): OutboxMail => ({
  to: `player${n}@example.com`,
  subject: `Notice ${n}`,
  text: 'A game changed.',
});
const subjects = (mails: SinkMail[]) => mails.map((mail) => mail.subject);

/** A sink answer that holds every message until the condition holds once; then none waits. */
function gate(condition: (sink: SmtpSink) => boolean) {
  let open = false;
  return async (_mail: SinkMail, smtp: SmtpSink) => {
    if (open) return;
    await smtp.until(() => condition(smtp));
    open = true;
  };
}

describe('mail delivery (pg-boss and pooled SMTP)', () => {
  it('sends an account mail queued behind many notices ahead of them', async () => {
    const db = await database();
    const smtp = await sink();
    const sender = await instance(db, smtp, { work: false });
    const notices = 200;
    await Promise.all(Array.from({ length: notices }, (_, n) => sender.mailer.send(notice(n))));
    await sender.mailer.send({
      to: 'kim@example.com',
      subject: 'Reset your Huddle password',
      text: 'Open the link',
      priority: 'account',
    });

    await instance(db, smtp);
    await smtp.until(() => smtp.received.length === notices + 1);
    // It is taken in the first batch, whose mails go out together.
    expect(subjects(smtp.received).indexOf('Reset your Huddle password')).toBeLessThan(mailBatchSize);
  });

  it('keeps several mails in flight at once, on no more connections than allowed', async () => {
    const db = await database();
    const allowed = 3;
    // Each message waits for the sink's answer until `allowed` are in flight together.
    const smtp = await sink(gate((open) => open.inFlight() >= allowed));
    // A burst already waiting when the worker looks: it takes the batch at once.
    const sender = await instance(db, smtp, { work: false });
    for (let n = 0; n < 12; n += 1) await sender.mailer.send(notice(n));
    await instance(db, smtp, { maxConnections: allowed });

    await smtp.until(() => smtp.received.length === 12);
    expect(smtp.maxInFlight).toBe(allowed);
    expect(smtp.maxConnections).toBeLessThanOrEqual(allowed);
  });

  it('sends each mail once when two instances work the queue at the same time', async () => {
    const db = await database();
    // Both instances have several mails in flight before any is answered.
    const smtp = await sink(gate((open) => open.inFlight('instance-a') >= 2 && open.inFlight('instance-b') >= 2));
    const sender = await instance(db, smtp, { work: false });
    const count = 60;
    // All waiting before either looks: each takes a full batch (a batch of one could not fill the gate).
    for (let n = 0; n < count; n += 1) await sender.mailer.send(notice(n));
    const a = await instance(db, smtp, { name: 'instance-a', maxConnections: 2 });
    const b = await instance(db, smtp, { name: 'instance-b', maxConnections: 2 });

    await smtp.until(() => new Set(subjects(smtp.received)).size === count);
    await a.stop();
    await b.stop();
    expect(smtp.received).toHaveLength(count);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(count);
    expect(new Set(smtp.received.map((mail) => mail.client))).toEqual(new Set(['instance-a', 'instance-b']));
  });

  it('retries a mail the SMTP server refused, and only that one of its batch', async () => {
    const db = await database();
    const refused: string[] = [];
    const together = gate((open) => open.inFlight() >= 3);
    const smtp = await sink(async (mail, open) => {
      // Refused while other mails of its batch are in flight, as a busy server would.
      await together(mail, open);
      if (mail.subject === 'Notice 4' && refused.length === 0) {
        refused.push(mail.messageId);
        throw new Error('try again later');
      }
    });
    const retries = { retryLimit: 2, retryDelaySeconds: 0 };
    const sender = await instance(db, smtp, { work: false, retries });
    for (let n = 0; n < 10; n += 1) await sender.mailer.send(notice(n));
    const { stop } = await instance(db, smtp, { retries });

    await smtp.until(() => new Set(subjects(smtp.received)).size === 10);
    await stop();
    expect(refused).toHaveLength(1);
    expect(subjects(smtp.received).sort()).toEqual(Array.from({ length: 10 }, (_, n) => `Notice ${n}`).sort());
    // The retry carries the refused try's Message-ID: a receiver can tell a repeat.
    expect(smtp.received.find((mail) => mail.subject === 'Notice 4')?.messageId).toBe(refused[0]);
    expect(refused[0]).toMatch(/^<[0-9a-f-]{36}@huddle\.test>$/);
  });

  it('sends a mail that an instance took and then crashed with, before it was marked sent', async () => {
    const db = await database();
    const smtp = await sink();
    const retries = { retryLimit: 2, retryDelaySeconds: 0 };
    const sender = await instance(db, smtp, { work: false, retries });
    await sender.mailer.send({
      to: 'kim@example.com',
      subject: 'Reset your Huddle password',
      text: 'Open the link',
      priority: 'account',
    });
    // What a crash leaves: the job taken (active) long ago, by an instance no longer there.
    await db.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '200 seconds' where name = ${sendMailJob}`,
    );

    await instance(db, smtp, { retries });
    await smtp.until(() => smtp.received.length === 1);
    expect(subjects(smtp.received)).toEqual(['Reset your Huddle password']);
  });
});
