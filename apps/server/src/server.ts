import { ConfigError, loadConfig } from './config.ts';
import { isDatabaseUnreachable } from './db/connection-errors.ts';
import { EmbeddedPostgresInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.ts';
import { trackRequestDrain } from './lib/request-drain.ts';
import { createReadiness } from './lib/readiness.ts';
import { trackStartProgress } from './lib/start-progress.ts';
import { listenWhileStarting } from './lib/starting-responder.ts';
import { flushErrorReports, reportError, startErrorReporting } from './lib/error-reporting.ts';

/**
 * The app and what it needs to serve, imported while the embedded PostgreSQL starts (decision 069):
 * loading them is about a second of CPU, PostgreSQL's start is a process of its own, and a restart
 * used to do one after the other. Only the modules above load before the port answers.
 */
const loadServingModules = () =>
  Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./db/migrate.ts'),
    import('./db/seed-demo.ts'),
    import('./features/admin/admin.service.ts'),
  ]);

/**
 * SIGTERM (after DRAIN_DELAY_MS): the process ends within this limit, whatever state it is in.
 * Requests in progress get most of it to finish; those still running then are answered 503 with
 * Retry-After, and the rest of the limit closes the app, the pool and the embedded PostgreSQL.
 */
const drainLimitMs = 5_000;
const closeReserveMs = 1_000;

/** Stopped on every way out, so a failed or interrupted start leaves no PostgreSQL running. */
let embedded: EmbeddedPostgres | undefined;
let embeddedStarting = false;
/** Set once the app exists: SIGTERM/SIGINT then drain it. Before that they stop the start. */
let drain: ((signal: string) => Promise<void>) | undefined;
let signalledDuringStart = false;

async function stopBeforeServing(code = 0): Promise<never> {
  await embedded?.stop().catch(() => undefined);
  process.exit(code);
}

function onSignal(signal: string) {
  if (drain) return void drain(signal);
  if (signalledDuringStart) return;
  signalledDuringStart = true;
  console.warn(`${signal} while starting: stopping.`);
  // A PostgreSQL still starting is stopped by start() as soon as it is up.
  if (!embeddedStarting) void stopBeforeServing();
}
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

/**
 * pg-boss 10 completes and fails a worker's jobs without awaiting the query (manager.js onFetch):
 * while the database restarts, that promise rejects with nobody to catch it, and Node ends the
 * process (issue 31: the primary's restart took all three instances down). Those jobs are retried
 * by pg-boss once they expire, so such a rejection is logged and the instance keeps serving; any
 * other unhandled rejection still ends the process, as Node's default does.
 */
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnreachable(reason)) throw reason;
  console.warn(`A database call failed while the database was unreachable: ${(reason as Error).message}`);
});

async function start() {
  const config = loadConfig(process.env);
  const readiness = createReadiness('starting');
  const progress = trackStartProgress({
    limitMs: config.startTimeoutMs,
    verbose: config.logLevel === 'debug' || config.logLevel === 'trace',
    log: (line) => console.log(line),
    onStuck: (step, elapsedMs) => {
      console.error(`Huddle did not finish starting within ${elapsedMs} ms (START_TIMEOUT_MS); stuck at: ${step}.`);
      void stopBeforeServing(1);
    },
  });
  progress.step('holding the port');
  // Port 0 (some tests) has no fixed port to hold: the app picks its own.
  const starting = config.port === 0 ? undefined : await listenWhileStarting(config.host, config.port);
  // First, so a failed start below is reported too (decision 052); off without SENTRY_DSN.
  await startErrorReporting(config.errorReporting);
  progress.step('loading modules and the database');
  const servingModules = loadServingModules();
  // Awaited below; a start that fails before then must not also end on an unhandled rejection.
  servingModules.catch(() => undefined);
  if (!config.databaseUrl) {
    embeddedStarting = true;
    embedded = await startEmbeddedPostgres(config.dataDir, {
      info: (message) => console.log(message),
      warn: (message) => console.warn(message),
    });
    embeddedStarting = false;
    if (signalledDuringStart) await stopBeforeServing();
  }
  const stopEmbedded = async () => embedded?.stop();
  const databaseUrl = config.databaseUrl ?? embedded?.url;
  if (!databaseUrl) throw new Error('no database');

  const [{ buildApp }, { openDatabase }, { runMigrations }, { seedDemoData }, { promoteConfiguredAdmins }] =
    await servingModules;
  progress.step('migrations');
  await runMigrations(databaseUrl);
  progress.step('building the app');
  const database = await openDatabase(databaseUrl, config.databasePool);
  const app = await buildApp({ config, db: database.db, readiness, onStartStep: (step) => progress.step(step) });

  const requests = trackRequestDrain(app);

  let draining = false;
  drain = async (signal: string) => {
    if (draining) return;
    draining = true;
    // Out of the load balancer first (GET /api/ready answers 503), still serving meanwhile.
    readiness.set('draining');
    if (config.drainDelayMs > 0) {
      app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down: not ready, still serving');
      await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    }
    const deadline = performance.now() + drainLimitMs;
    // The embedded PostgreSQL stops last, whichever way the drain ends: its shutdown checkpoint is
    // the database's own (bounded by pg_ctl), not time the app spends.
    let finishing = false;
    const finish = async (code: number) => {
      if (finishing) return;
      finishing = true;
      await stopEmbedded().catch(() => undefined);
      process.exit(code);
    };
    // Whatever hangs below (a wedged pool, a stuck onClose), the app's part ends at the limit.
    setTimeout(() => {
      app.log.error({ drainLimitMs }, 'shutdown did not finish within the drain limit; exiting');
      void finish(1);
    }, drainLimitMs).unref();
    // The door stays open, answering 503: closing the listener would reset connections that are
    // queued on it, and cutting keep-alive sockets would reset requests already sent on them.
    requests.startRefusing();
    app.log.info({ signal, inFlight: requests.inFlight }, 'shutting down: finishing the requests in progress');
    await requests.settled(deadline - closeReserveMs);
    const answered = requests.answerUnavailable();
    if (answered > 0) {
      app.log.warn({ answered }, 'requests still running at the drain limit were answered 503');
      // Let the answers reach their sockets before the connections close.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      // Every answer is out: the sockets left are idle keep-alive ones and clients that never sent
      // a request (closeAllConnections knows both).
      app.server.closeAllConnections();
      await app.close();
      await database.close();
      await finish(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      await finish(1);
    }
  };

  progress.step('demo data');
  if (config.seedDemo) await seedDemoData(database.db, app.log, { stripeConfigured: Boolean(config.stripe) });

  // ADMIN_EMAILS (issue 17): listed accounts that exist become admins at each start; after the
  // seed, so a listed demo account is an admin from the first start (sign-ups are promoted as they come).
  progress.step('admins');
  const promoted = await promoteConfiguredAdmins(database.db, config.adminEmails);
  if (promoted.length > 0) app.log.info({ count: promoted.length }, 'Accounts in ADMIN_EMAILS made admins.');

  // Everything loaded first, so the port is free only for the moment between the two listeners.
  progress.step('app ready');
  await app.ready();
  progress.step('handing the port over');
  await starting?.close();
  progress.step('listening');
  await app.listen({ host: config.host, port: config.port });
  readiness.set('serving');
  progress.done();
  app.log.info(
    { database: embedded ? 'embedded' : 'external', origin: config.publicOrigin, webApp: Boolean(config.webDistDir) },
    `Huddle is running at ${config.publicOrigin}`,
  );
}

start().catch(async (error: unknown) => {
  await embedded?.stop().catch(() => undefined);
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresInUseError) {
    console.error(error.message);
  } else {
    // Spec §8: a start-up failure is logged to the console (and reported when reporting is on).
    console.error('Huddle could not start:', error);
    reportError(error);
    await flushErrorReports();
  }
  process.exit(1);
});
