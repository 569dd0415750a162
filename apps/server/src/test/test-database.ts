import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file (STYLE: no shared mutable test database):
 * in-memory PGlite by default; with TEST_DATABASE_URL a new database on that server,
 * created here and dropped by close().
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const target: DatabaseTarget = { kind: 'embedded', dataDir: undefined };
    const handle = await openDatabase(target);
    await runMigrations(target, handle);
    return handle;
  }
  const name = `huddle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  const handle = await openDatabase(target);
  await runMigrations(target, handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
