import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type PoolOptions } from '../db/client.ts';
import { runOnServer } from './run-on-server.ts';

export interface TestDatabase extends DatabaseHandle {
  url: string;
}

/**
 * A fresh, migrated database for one test file (STYLE: no shared mutable test database),
 * cloned from the run's template (database-server.global-setup.ts) and dropped by close().
 */
export async function createTestDatabase(pool: PoolOptions = {}): Promise<TestDatabase> {
  const { serverUrl, template } = inject('testDatabaseServer');
  const name = `huddle_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString(), pool);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A plain pg pool for a test that needs its own connections (other session settings), with the
 * app's pools' error guards (db/client.ts): a connection PostgreSQL ends (the test database dropped
 * `with (force)` while the pool is still ending) emits 'error', which unheard is an uncaught
 * exception that fails the whole run (CI, stop 41). Tests make their pools here (lint rule).
 */
export function createTestPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
