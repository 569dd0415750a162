import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../lib/error-handler.ts';
import { freePort } from '../lib/free-port.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnreachable } from './connection-errors.ts';

/**
 * Issue 31: while the primary restarts, queries fail as the driver sees it (connections refused,
 * sessions ended by the shutdown); those are told apart from a query's own errors and answered 503.
 */
describe('a database that cannot be reached is told apart from a failing query', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ max: 2 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('recognizes a refused connection, as a query through the pool sees it', async () => {
    const closed = await openDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/huddle`, {
      acquireTimeoutMs: 2_000,
    });
    try {
      const error = await closed.db.execute(sql`select 1`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnreachable(error)).toBe(true);
    } finally {
      await closed.close();
    }
  });

  it('recognizes a session the server ended under a running query (a shutdown ends sessions so)', async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const running = client.query('select pg_sleep(5)').catch((caught: unknown) => caught);
    await database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
    const error = await running;
    await client.end().catch(() => undefined);
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it('leaves a query that is wrong, or breaks a rule, to be the error it is', async () => {
    const syntax = await database.db.execute(sql`selec 1`).catch((caught: unknown) => caught);
    const division = await database.db.execute(sql`select 1 / 0`).catch((caught: unknown) => caught);
    expect(isDatabaseUnreachable(syntax)).toBe(false);
    expect(isDatabaseUnreachable(division)).toBe(false);
    expect(isDatabaseUnreachable(new Error('something else'))).toBe(false);
  });

  it('is answered 503 with Retry-After by the error handler, and a wrong query still 500', async () => {
    const closed = await openDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/huddle`);
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/unreachable', async () => closed.db.execute(sql`select 1`));
    app.get('/wrong', async () => database.db.execute(sql`selec 1`));
    try {
      const unreachable = await app.inject({ url: '/unreachable' });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.headers['retry-after']).toBe('5');
      expect(unreachable.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
      const wrong = await app.inject({ url: '/wrong' });
      expect(wrong.statusCode).toBe(500);
    } finally {
      await app.close();
      await closed.close();
    }
  });
});
