import { ConfigError, type ToolConfig } from '../config.ts';
import { BackupError } from './backup.ts';
import { EmbeddedPostgresInUseError, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

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
export async function openCommandDatabase(
  config: Pick<ToolConfig, 'databaseUrl' | 'dataDir'>,
  { exclusive = false } = {},
): Promise<CommandDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, release: async () => undefined };
  const runningUrl = exclusive ? undefined : runningEmbeddedUrl(config.dataDir);
  if (runningUrl) return { url: runningUrl, release: async () => undefined };
  const embedded = await startEmbeddedPostgres(config.dataDir, { info: () => undefined, warn: console.warn });
  return { url: embedded.url, release: () => embedded.stop() };
}

/**
 * Runs a backup or restore command on its database and exits: 0 when done, 1 with just the
 * message for what the operator can fix (configuration, a running Huddle, a bad archive).
 */
export async function runBackupCommand(
  config: () => ToolConfig,
  { exclusive = false, confirm }: { exclusive?: boolean; confirm?: (config: ToolConfig) => Promise<boolean> } = {},
  work: (target: CommandDatabase, config: ToolConfig) => Promise<void>,
): Promise<never> {
  try {
    const loaded = config();
    if (confirm && !(await confirm(loaded))) {
      console.error('Nothing was changed.');
      process.exit(1);
    }
    const target = await openCommandDatabase(loaded, { exclusive });
    try {
      await work(target, loaded);
    } finally {
      await target.release();
    }
  } catch (error) {
    if (!(
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof EmbeddedPostgresInUseError
    )) {
      throw error;
    }
    console.error(error.message);
    process.exit(1);
  }
  process.exit(0);
}
