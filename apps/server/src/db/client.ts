import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

/** The one driver (decision 012): node-postgres, for the embedded server and an external one alike. */
export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

export async function openDatabase(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A broken idle connection must not take the process down; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return { db, close: () => pool.end() };
}
