import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import { locateUpwards } from '../lib/locate-upwards.ts';

const journal = locateUpwards(import.meta.dirname, 'drizzle/meta/_journal.json');
if (!journal) throw new Error('The SQL migrations (apps/server/drizzle) are missing next to the server.');
const migrationsFolder = path.dirname(path.dirname(journal));

/** Any fixed number: instances starting together take turns to migrate. */
const migrationLockKey = 72_019_001;

/** Applies the committed SQL migrations to the database at `url`, embedded or external alike. */
export async function runMigrations(url: string): Promise<void> {
  // One dedicated connection holds the advisory lock for the whole run.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
  }
}
