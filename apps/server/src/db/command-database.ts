import type { Config } from '../config.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

export interface CommandDatabase {
  url: string;
  /** Stops the embedded PostgreSQL when this command started it; leaves a running Huddle's alone. */
  release(): Promise<void>;
}

/**
 * The database a command line tool (admin:create, backup, restore) works on: DATABASE_URL, else the
 * embedded PostgreSQL of DATA_DIR, the running Huddle's or one started for the moment.
 * `exclusive`: Huddle must not be running (a restore rebuilds the schema under it); starting
 * the embedded server then fails with "Another Huddle is already running…" when it is.
 */
export async function openCommandDatabase(config: Config, { exclusive = false } = {}): Promise<CommandDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, release: async () => undefined };
  const runningUrl = exclusive ? undefined : runningEmbeddedUrl(config.dataDir);
  if (runningUrl) return { url: runningUrl, release: async () => undefined };
  const embedded = await startEmbeddedPostgres(config.dataDir, { info: () => undefined, warn: console.warn });
  return { url: embedded.url, release: () => embedded.stop() };
}
