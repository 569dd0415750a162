import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './no-pool-in-transaction.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

tester.run('no-pool-in-transaction', rule, {
  valid: [
    'await db.transaction(async (tx) => { await tx.insert(a).values(b); await helper(tx); });',
    'await deps.db.transaction(async (tx) => release(tx, deps.clock.now()));',
    // The callback's own parameter shadows the pool's name: it is the transaction.
    'await db.transaction(async (db) => db.select().from(a));',
    'await inTransaction(deps.db, async (tx) => lockEvent(tx, id));',
    "await store.update('checkout.session', id, async (current, within) => within.store.insert(x));",
    // Outside the callback, after the transaction: the pool again.
    'await db.transaction(async (tx) => tx.delete(a)); await db.select().from(a);',
    // A property that happens to be named db, and an object key.
    'await db.transaction(async (tx) => save({ db: tx, other: config.db }));',
  ],
  invalid: [
    {
      code: 'await db.transaction(async (tx) => { await tx.delete(a); await db.insert(b).values(c); });',
      errors: [{ messageId: 'poolInTransaction' }],
    },
    {
      code: 'await deps.db.transaction(async (tx) => Promise.all([lock(tx), notify(deps.db, id)]));',
      errors: [{ messageId: 'poolInTransaction' }],
    },
    {
      code: 'await inTransaction(deps.db, async (tx) => { await join(tx); await countJoined(deps.db, id); });',
      errors: [{ messageId: 'poolInTransaction' }],
    },
    {
      // Issue 30's wedge: the locked update stored the payment through the pool's store.
      code: "await store.update('checkout.session', id, async (current) => { await store.insert(intent); return current; });",
      errors: [{ messageId: 'poolInTransaction' }],
    },
    {
      code: 'await this.db.transaction(async (tx) => { items.map((item) => this.db.insert(a).values(item)); });',
      errors: [{ messageId: 'poolInTransaction' }],
    },
  ],
});
