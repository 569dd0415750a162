// npm run bench:mail: how fast queued mail drains, and how long a password reset waits behind it
// (issue 30, decision 060). On a throw-away database on BENCH_DATABASE_URL's server (default: the
// local PostgreSQL), with the app's migrations:
//   1. queues MAILS notices (default 10,000) through the app's own queued mailer, as a burst of
//      notifications on another instance would, while no worker runs;
//   2. builds the whole app (pg-boss worker, pooled SMTP transport) with SMTP_URL pointing at a
//      local smtp-server sink, so the backlog starts draining;
//   3. once RESET_AFTER notices (default 1,000) have arrived, asks for a password reset through
//      POST /api/auth/forgot-password, as a person would, and times it until the sink has it;
//   4. waits for the rest and prints the drain rate, the reset mail's wait, the total time and
//      the load average.
// Goals: at least 100 mails/s, and the reset mail out within 5 s of the request.
// Everything runs in this one process (app, queue filler, SMTP sink): figures are a floor.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/features/accounts/accounts.schema.ts';
import { createPgBossQueue } from '../apps/server/src/lib/jobs/pg-boss-queue.ts';
import { createQueuedMailer } from '../apps/server/src/lib/mail/queued-mailer.ts';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `huddle_bench_mail_${randomBytes(4).toString('hex')}`;
const mails = Number(process.env.MAILS ?? 10_000);
const resetAfter = Math.min(Number(process.env.RESET_AFTER ?? 1_000), mails);
const timeLimitMs = Number(process.env.TIME_LIMIT_SECONDS ?? 600) * 1000;
const goals = { mailsPerSecond: 100, resetWaitMs: 5_000 };
const resetSubject = 'Reset your Huddle password';
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** The promise's value, or an error once the bench's time limit is reached. */
async function within<T>(promise: Promise<T>, what: string, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`time limit reached waiting for ${what}`)), deadline - Date.now());
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<number> {
  const deadline = Date.now() + timeLimitMs;
  console.log(`bench:mail: ${mails.toLocaleString('en-US')} notices, then a password reset after ${resetAfter}`);
  console.log(`  machine: ${cpus().length} cores, load average at start ${load()} (1 / 5 / 15 min)`);
  await admin(`create database ${databaseName}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-bench-mail-'));
  const sink = await startSmtpSink();
  const handle = await openDatabase(databaseUrl());
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(databaseUrl());
    const email = `reset-${randomUUID()}@bench.test`;
    // Straight into the table: a reset needs only the account to exist, and a sign-up would
    // send its own confirmation mail into the measurement.
    await handle.db.insert(users).values({ id: randomUUID(), name: 'Bench Player', email, emailVerified: true });

    // Another instance, sending only: the burst waits in the queue until the app's worker starts.
    const sender = createPgBossQueue({ connectionString: databaseUrl() }, { log: silent, work: false });
    const senderMail = createQueuedMailer(sender, { send: async () => undefined });
    await sender.start();
    const queueStartedAt = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < mails) {
          const n = next++;
          await senderMail.send({
            to: `player${n}@bench.test`,
            subject: `Changed: Pickup game ${n}`,
            text: `Hi,\n\nThe time of Pickup game ${n} changed.\n\nhttps://huddle.bench.test/events/${n}\n`,
          });
        }
      }),
    );
    const queueSeconds = (Date.now() - queueStartedAt) / 1000;
    console.log(`  queued ${mails.toLocaleString('en-US')} notices in ${queueSeconds.toFixed(1)} s`);
    await sender.stop();

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_ORIGIN: 'http://127.0.0.1:3999',
      SMTP_URL: sink.url,
      ...(process.env.SMTP_MAX_CONNECTIONS && { SMTP_MAX_CONNECTIONS: process.env.SMTP_MAX_CONNECTIONS }),
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const buildStartedAt = Date.now();
    app = await buildApp({ config, db: handle.db, logger: false });
    await app.ready();
    const buildSeconds = (Date.now() - buildStartedAt) / 1000;
    console.log(`  SMTP_MAX_CONNECTIONS ${config.smtpMaxConnections}; app built, draining`);

    await within(
      sink.until(() => sink.received.length >= resetAfter),
      `${resetAfter} notices`,
      deadline,
    );
    const backlog = mails - sink.received.length;
    const requested = Date.now();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: config.publicOrigin, 'content-type': 'application/json' },
      payload: { email },
    });
    if (reply.statusCode !== 200) throw new Error(`forgot-password answered ${reply.statusCode}: ${reply.body}`);
    const resetMail = () => sink.received.find((mail) => mail.subject === resetSubject);
    await within(
      sink.until(() => resetMail() !== undefined),
      'the reset mail',
      deadline,
    );
    const resetWaitMs = (resetMail()?.receivedAt ?? 0) - requested;

    await within(
      sink.until(() => sink.received.length >= mails + 1),
      'every notice',
      deadline,
    );
    const notices = sink.received.filter((mail) => mail.subject !== resetSubject);
    const first = notices[0]?.receivedAt ?? 0;
    const last = notices.at(-1)?.receivedAt ?? 0;
    const drainSeconds = (last - first) / 1000;
    const rate = (notices.length - 1) / drainSeconds;

    console.log(`\nresults:`);
    console.log(
      `  drain rate           ${rate.toFixed(0)} mails/s (${notices.length} notices in ${drainSeconds.toFixed(1)} s, first received to last)`,
    );
    console.log(
      `  reset mail's wait    ${resetWaitMs} ms (request → received by the sink), ${backlog} notices still queued at the request`,
    );
    console.log(
      `  total time           ${((last - queueStartedAt) / 1000).toFixed(1)} s (queueing ${queueSeconds.toFixed(1)} s, building the app ${buildSeconds.toFixed(1)} s, draining ${drainSeconds.toFixed(1)} s)`,
    );
    console.log(`  SMTP connections     at most ${sink.maxConnections} open at once`);
    console.log(
      `  every mail once      ${new Set(sink.received.map((mail) => mail.messageId)).size === sink.received.length ? 'yes' : 'NO: repeats'} (${sink.received.length} received)`,
    );
    console.log(`  load average at end  ${load()} (1 / 5 / 15 min; other work on the machine counts too)`);
    console.log(`  goal ≥ ${goals.mailsPerSecond} mails/s: ${rate >= goals.mailsPerSecond ? 'PASS' : 'BELOW GOAL'}`);
    console.log(
      `  goal reset ≤ ${goals.resetWaitMs / 1000} s: ${resetWaitMs <= goals.resetWaitMs ? 'PASS' : 'ABOVE GOAL'}`,
    );
    return 0;
  } finally {
    await app?.close();
    await handle.close();
    await sink.close();
    await admin(`drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:mail failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
