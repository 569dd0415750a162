import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { DatabaseBusyError, isCausedBy, PoolInsideTransactionError } from './client.ts';

/**
 * Decision 058: the pool never wedges. Code inside a transaction cannot take a second connection
 * (the cause of issue 30's hang), a query that finds every connection taken fails after the
 * acquire timeout, and PostgreSQL ends a transaction left idle.
 */
describe('the pool refuses a second connection to code inside a transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ max: 3 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('fails a pool query made inside a transaction at once, with a message that says what to do', async () => {
    const { db } = database;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // eslint-disable-next-line huddle/no-pool-in-transaction -- the mistake the guard refuses
      await db.execute(sql`select 1`);
    });
    const error = await attempt.catch((caught: unknown) => caught);
    expect(isCausedBy(error, PoolInsideTransactionError)).toBe(true);
    expect(String((error as Error).cause)).toContain('Pass the transaction (tx) down');
  });

  it('fails a transaction opened on the pool inside another, and one reached through a helper', async () => {
    const { db } = database;
    const countThroughThePool = () => db.execute(sql`select count(*) from users`);
    const refused = (attempt: Promise<unknown>) =>
      attempt.then(
        () => false,
        (error: unknown) => isCausedBy(error, PoolInsideTransactionError),
      );
    // eslint-disable-next-line huddle/no-pool-in-transaction -- the mistake the guard refuses
    expect(await refused(db.transaction(async () => db.transaction(async () => undefined)))).toBe(true);
    expect(await refused(db.transaction(async () => Promise.all([countThroughThePool(), countThroughThePool()])))).toBe(
      true,
    );
  });

  it('lets savepoints (tx.transaction) and work after the commit use their connections', async () => {
    const { db } = database;
    let afterCommit: Promise<unknown> | undefined;
    const result = await db.transaction(async (tx) => {
      const inner = await tx.transaction(async (nested) => nested.execute(sql`select 2 as two`));
      // Started inside, run after the transaction ended: the pool is free to serve it then.
      // eslint-disable-next-line huddle/no-pool-in-transaction -- runs after the commit
      afterCommit = new Promise((resolve) => setTimeout(resolve, 50)).then(() => db.execute(sql`select 3`));
      return inner.rows[0];
    });
    expect(result).toEqual({ two: 2 });
    await expect(afterCommit).resolves.toBeDefined();
  });

  it('still serves the pool after refusals: no connection was lost', async () => {
    const { db } = database;
    await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select 1`)));
    expect((db as unknown as { $client: { totalCount: number } }).$client.totalCount).toBeLessThanOrEqual(3);
  });
});

describe('a leaked transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { pool: { max: 2, acquireTimeoutMs: 400, idleInTransactionTimeoutMs: 1_500 } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens transactions that hold their connections until released. */
  async function holdConnections(count: number) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started: Promise<void>[] = [];
    const holders = Array.from({ length: count }, () => {
      let began: () => void = () => undefined;
      started.push(new Promise<void>((resolve) => (began = resolve)));
      return t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        began();
        await released;
      });
    });
    await Promise.all(started);
    return { release, holders };
  }

  it('makes other requests fail with a clear 503 after the acquire timeout, never hang, and health says so', async () => {
    const { release, holders } = await holdConnections(2);
    try {
      await expectBusyAnswers();
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/events?lat=30.2672&lng=-97.7431' })).statusCode).toBe(200);
  });

  async function expectBusyAnswers() {
    const startedAt = performance.now();
    const discover = await t.app.inject({ url: '/api/events?lat=30.2672&lng=-97.7431' });
    expect(discover.statusCode).toBe(503);
    expect(discover.headers['retry-after']).toBe('5');
    expect(discover.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Huddle is very busy right now. Please try again in a moment.' },
    });
    expect(performance.now() - startedAt).toBeLessThan(5_000);

    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('UNAVAILABLE');
  }

  it('is ended by PostgreSQL when it sits idle in its transaction, and its connection serves again', async () => {
    const stuck = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // An awaited call that takes longer than idle_in_transaction_session_timeout.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await tx.execute(sql`select 1`);
    });
    await expect(stuck).rejects.toThrow();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ url: '/api/health' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('names the wait in the error a query gets when no connection comes free', async () => {
    const { release, holders } = await holdConnections(2);
    try {
      const error = await t.db.execute(sql`select 1`).catch((caught: unknown) => caught);
      expect(isCausedBy(error, DatabaseBusyError)).toBe(true);
      expect(String((error as Error).cause)).toContain('No database connection came free within 400 ms');
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
