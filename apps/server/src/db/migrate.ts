import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import path from 'node:path';
import pg from 'pg';
import { locateUpwards } from '../lib/locate-upwards.ts';
import type { DatabaseHandle, DatabaseTarget } from './client.ts';

const journal = locateUpwards(import.meta.dirname, 'drizzle/meta/_journal.json');
if (!journal) throw new Error('The SQL migrations (apps/server/drizzle) are missing next to the server.');
const migrationsFolder = path.dirname(path.dirname(journal));

/** Any fixed number: instances starting together take turns to migrate. */
const migrationLockKey = 72_019_001;

/** Applies the committed SQL migrations; the same files run on PGlite and PostgreSQL. */
export async function runMigrations(target: DatabaseTarget, handle: DatabaseHandle): Promise<void> {
  if (target.kind === 'embedded') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One dedicated connection holds the advisory lock for the whole run.
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
  }
}
