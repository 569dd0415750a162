import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createPayments, type Payments } from '../features/payments/payments-core.ts';
import { systemClock } from '../lib/clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database, PoolOptions } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { createInlineQueue, type InlineJobQueue } from '../lib/jobs/inline-queue.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import type { PushSender } from '../lib/push/web-push-sender.ts';
import type { Readiness } from '../lib/readiness.ts';
import type { DnsLookup } from '../features/custom-domains/dns-lookup.ts';
import { createFakeDns } from './fake-dns.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Jobs run while they are sent; scheduled ones run when a test calls runScheduled. */
  jobs: InlineJobQueue;
  /** The app's Stripe SDK instance (the local provider unless the test set keys) and webhook handlers. */
  payments: Payments;
  close(): Promise<void>;
}

/** The whole app, in-process, over a fresh database. Call close() in afterAll. */
export async function createTestApp(
  environment: Record<string, string> = {},
  {
    logStream,
    pool,
    database: ownDatabase,
    ...options
  }: {
    mailer?: Mailer;
    clock?: Clock;
    push?: PushSender;
    readiness?: Readiness;
    dns?: DnsLookup;
    logStream?: { write(line: string): void };
    /** The database pool's size and timeouts (default: the server's). */
    pool?: PoolOptions;
    /** A database of the test's own (a restore's target); the app closes it with itself. */
    database?: TestDatabase;
    /** Serve the built web app (apps/web/dist, or WEB_DIST_DIR): the server render's tests. */
    serveWebApp?: boolean;
  } = {},
): Promise<TestApp> {
  const database = ownDatabase ?? (await createTestDatabase(pool));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'huddle-test-')),
    PUBLIC_ORIGIN: 'http://localhost:3000',
    AUTH_RATE_LIMIT_MAX: '1000',
    // Tests write rows straight into the database (factories), which no cache hears of: a
    // signed-out discover page kept from an earlier request would hide them for up to a second.
    // The cache's own tests (discover-cache.test.ts) turn it on.
    DISCOVER_CACHE_ENTRIES: '0',
    ...environment,
  });
  // Errors of failed jobs reach the test's log stream, when it reads one.
  const jobLog = { error: (...args: unknown[]) => app.log.error(...(args as [object, string])) };
  const jobs = createInlineQueue(jobLog);
  const payments = createPayments({ config, db: database.db, clock: options.clock ?? systemClock, jobs });
  const app = await buildApp({
    config,
    jobs,
    payments,
    // No test asks the network: DNS answers nothing unless a test passes records.
    dns: createFakeDns().lookup,
    db: database.db,
    logger: logStream ? { level: 'info', stream: logStream } : process.env.TEST_LOG ? { level: 'debug' } : false,
    ...options,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    jobs,
    payments,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
