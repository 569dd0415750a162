import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** Both drivers produce this; repositories are written against it and never see which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: 'embedded'; dataDir: string | undefined };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A broken idle connection must not take the process down; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  // The contrib extensions migration 0009 creates (nearest-first and trigram search, decision 009).
  const extensions = { cube, earthdistance, pg_trgm };
  const client = await PGlite.create({ ...(target.dataDir && { dataDir: target.dataDir }), extensions });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return { db, kind: 'embedded', close: () => client.close() };
}
