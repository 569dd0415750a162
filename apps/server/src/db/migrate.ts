import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { locateUpwards } from '../lib/locate-upwards.ts';
import { qualifyEarthFunctions } from './earth-functions.ts';

const journal = locateUpwards(import.meta.dirname, 'drizzle/meta/_journal.json');
if (!journal) throw new Error('The SQL migrations (apps/server/drizzle) are missing next to the server.');
const migrationsFolder = path.dirname(path.dirname(journal));

/** Any fixed number: instances starting together take turns to migrate. */
const migrationLockKey = 72_019_001;

export interface MigrationEntry {
  tag: string;
  /** Drizzle stores this as created_at of the applied row: it names a migration across renumbering. */
  when: number;
}

/** The migrations this build of Huddle knows, oldest first. */
export function knownMigrations(): MigrationEntry[] {
  return (JSON.parse(readFileSync(journal!, 'utf8')) as { entries: MigrationEntry[] }).entries;
}

/**
 * Applies the committed SQL migrations to the database at `url`, embedded or external alike.
 * `upTo` stops after that many (a restore loads a backup's rows into the schema they came from).
 */
export async function runMigrations(url: string, { upTo }: { upTo?: number } = {}): Promise<void> {
  // One dedicated connection holds the advisory lock for the whole run.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const folder = upTo === undefined ? migrationsFolder : truncatedCopy(upTo);
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    await qualifyEarthFunctions(client).catch((error: unknown) => {
      // A database whose extensions belong to another role: autovacuum's ANALYZE keeps failing
      // on PostgreSQL 15 as before, which is worth a line in the log but not a failed start.
      console.warn(`Could not qualify ll_to_earth for autovacuum's ANALYZE: ${(error as Error).message}`);
    });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
    if (folder !== migrationsFolder) rmSync(folder, { recursive: true, force: true });
  }
}

/** The migrations folder with its journal cut after `count` entries (drizzle reads only the journal's). */
function truncatedCopy(count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'huddle-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const file = path.join(folder, 'meta', '_journal.json');
  const content = JSON.parse(readFileSync(file, 'utf8')) as { entries: unknown[] };
  writeFileSync(file, JSON.stringify({ ...content, entries: content.entries.slice(0, count) }));
  return folder;
}
