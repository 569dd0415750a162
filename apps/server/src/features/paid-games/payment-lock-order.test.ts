import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseBeside, type DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../lib/clock.ts';
import { addressedCall, collectMails, createEventAs, paidGamesTestApp, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { lockPayment } from './paid-games.repository.ts';

/**
 * A payment is locked after its game (issue 31's fault test found a leave and a webhook deadlocked:
 * the leave held the game and its party's delete wrote the payment's row, the webhook held the
 * payment and waited for the game). While another transaction holds the game, lockPayment waits
 * for it without holding the payment, so that transaction can still write the payment's row.
 */
const clock = createManualClock(new Date('2030-06-01T12:00:00Z'));
let t: TestApp;
let other: DatabaseHandle;
let organizer: TestUser;
let player: TestUser;
let placeId: string;

beforeAll(async () => {
  let people: TestUser[];
  ({ t, placeId, users: people } = await paidGamesTestApp({ clock, mailer: collectMails().mailer, people: 2 }));
  [organizer, player] = people as [TestUser, TestUser];
  other = openDatabaseBeside(t.db, { max: 2 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const call = addressedCall(() => t.app);

/** A pid of this test's pool waiting for a row lock, once one is. */
async function waitForLockWaiter() {
  for (let tries = 0; tries < 200; tries += 1) {
    const waiting = await t.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (waiting.rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nothing waited for the game');
}

describe('lockPayment', () => {
  it('waits for the game without holding the payment, so the game holder can still write the payment', async () => {
    const game = await createEventAs(t.app, organizer.cookie, placeId, { priceCents: 1200, slots: 2 });
    const checkout = await call('POST', `/api/events/${game.id}/checkout`, player.cookie, {
      occurrenceStartsAt: game.next?.startsAt,
      friends: 0,
    });
    const { paymentId } = checkout.json() as { paymentId: string };
    expect(paymentId, checkout.body).toBeTruthy();

    let gameLocked!: () => void;
    const holdingGame = new Promise<void>((resolve) => (gameLocked = resolve));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    // A leave's shape: the game's lock, then a write of the payment's row (its party's foreign key).
    const leave = other.db.transaction(async (tx) => {
      await tx.execute(sql`select id from events where id = ${game.id} for no key update`);
      gameLocked();
      await released;
      await tx.execute(sql`select id from payments where id = ${paymentId} for update nowait`);
      await tx.execute(sql`update payments set party_id = null where id = ${paymentId}`);
    });
    await holdingGame;
    const webhook = t.db.transaction(async (tx) => (await lockPayment(tx, paymentId))?.id);
    try {
      await waitForLockWaiter();
    } finally {
      letGo();
    }

    // Before the fix: the nowait above failed (55P03), as lockPayment already held the payment.
    await expect(leave).resolves.toBeUndefined();
    await expect(webhook).resolves.toBe(paymentId);
  });
});
