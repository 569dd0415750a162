import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoEvents } from './db/seed-events.ts';
import { seedDemoCommunity } from './db/seed.ts';
import { startEventLoopWatchdog, type EventLoopWatchdog } from './lib/event-loop-watchdog.ts';

/** How long the embedded database may hold the event loop before the process is ended (decision 011). */
const embeddedStallLimitMs = 30_000;

async function start() {
  const config = loadConfig(process.env);
  const target: DatabaseTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'embedded', dataDir: path.join(config.dataDir, 'db') };
  const database = await openDatabase(target);
  await runMigrations(target, database);

  const app = await buildApp({ config, db: database.db });
  if (config.seedDemo) {
    const demo = await seedDemoCommunity(database.db);
    if (demo) app.log.info(demo, `Demo community seeded. Sign in as ${demo.email} with password ${demo.password}`);
    if (await seedDemoEvents(database.db)) app.log.info('Demo places and games seeded.');
  }

  let closing = false;
  let watchdog: EventLoopWatchdog | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    try {
      await watchdog?.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (database.kind === 'embedded') {
    watchdog = startEventLoopWatchdog({
      stalledMs: embeddedStallLimitMs,
      message: `The embedded database stopped answering for ${embeddedStallLimitMs / 1000} s (decision 011); Huddle stopped. Start it again: the data is kept. Use DATABASE_URL for real use.`,
    });
  }
  app.log.info(
    { database: database.kind, origin: config.publicOrigin, webApp: Boolean(config.webDistDir) },
    `Huddle is running at ${config.publicOrigin}`,
  );
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Huddle could not start:', error);
  }
  process.exit(1);
});
