import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../features/accounts/accounts.schema.ts';
import { findUserById } from '../features/accounts/accounts.repository.ts';
import { signUpUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isCausedBy, PoolInsideTransactionError, queriesSentThrough } from './client.ts';
import { preparedPerHandle } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('prepared statements per handle (decision 072)', () => {
  it('builds once per handle, and a transaction gets its own', async () => {
    let built = 0;
    const statement = preparedPerHandle((db) => {
      built += 1;
      return { db };
    });
    expect(statement(t.db)).toBe(statement(t.db));
    await t.db.transaction(async (tx) => {
      expect(statement(tx).db).toBe(tx);
    });
    expect(built).toBe(2);
  });

  it('reads inside the transaction it is given (its own uncommitted write), and the pool stays guarded', async () => {
    const { user } = await signUpUser(t.app);
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Renamed inside' }).where(eq(users.id, user.id));
      expect((await findUserById(tx, user.id))?.name).toBe('Renamed inside');
      // The pool's statement may not run while this transaction is open (decision 058).
      // eslint-disable-next-line huddle/no-pool-in-transaction -- the guard is what is tested
      const refused = await findUserById(t.db, user.id).catch((error: unknown) => error);
      expect(isCausedBy(refused, PoolInsideTransactionError)).toBe(true);
    });
    const before = queriesSentThrough(t.db);
    expect((await findUserById(t.db, user.id))?.name).toBe('Renamed inside');
    expect(await findUserById(t.db, 'd6f1b8a6-0000-4000-8000-000000000000')).toBeUndefined();
    // Still counted for GET /metrics and bench:costs.
    expect(queriesSentThrough(t.db) - before).toBe(2);
  });
});
