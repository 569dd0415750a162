import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpBodyFor } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { startServerInstance, stopServerInstances, type ServerInstance } from '../../test/server-instance.ts';
import { sendMailJob } from '../mail/queued-mailer.ts';

/**
 * Issue 31, decision 067: each mail is sent once across instances. Three real server processes
 * on one database, each working the one pg-boss queue (FOR UPDATE SKIP LOCKED), mail a real SMTP
 * server: the mails queued through all three arrive, each exactly once.
 */
let database: TestDatabase;
let sink: SmtpSink;
let instances: ServerInstance[];

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  const sessionSecret = randomBytes(24).toString('hex');
  const start = (name: string) =>
    startServerInstance({
      databaseUrl: database.url,
      redisUrl: '',
      sessionSecret,
      publicOrigin: 'http://huddle.test',
      // The EHLO name tells the sink which instance sent each mail.
      env: { SMTP_URL: `${sink.url}/?name=${name}` },
    });
  instances = await Promise.all(['instance-1', 'instance-2', 'instance-3'].map(start));
}, 180_000);

afterAll(async () => {
  await stopServerInstances();
  await sink?.close();
  await database?.close();
}, 60_000);

/** Mail jobs not yet done (waiting, retrying or in hand). */
async function mailJobsOpen() {
  const { rows } = await database.db.execute<{ open: number }>(
    sql`select count(*)::int as open from pgboss.job where name = ${sendMailJob} and state in ('created', 'retry', 'active')`,
  );
  return rows[0]!.open;
}

it('sends each mail queued through three instances exactly once', async () => {
  const count = 18;
  const emails: string[] = [];
  // Sign-ups in turn through the three, at once: each queues its verification mail.
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const body = signUpBodyFor();
      emails.push(body.email);
      const response = await fetch(`${instances[index % 3]!.baseUrl}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://huddle.test' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
    }),
  );
  await sink.until(() => sink.received.length >= count);
  // Every job done, none left to send a second copy later.
  for (let waited = 0; (await mailJobsOpen()) > 0 && waited < 100; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await mailJobsOpen()).toBe(0);
  expect(sink.received.map((mail) => mail.to).sort()).toEqual(emails.sort());
  expect(new Set(sink.received.map((mail) => mail.messageId)).size).toBe(count);
  const senders = new Set(sink.received.map((mail) => mail.client));
  expect([...senders].every((name) => /^instance-[123]$/.test(name))).toBe(true);
}, 60_000);
