import type { Database } from '../../db/client.ts';
import {
  findBalance,
  listCreditsOf,
  lockBalance,
  recordCreditEntry,
  recordCreditTakeBack,
} from './credits.repository.ts';

/**
 * Credit with an organizer (issue 13, decision 035). Every change is an entry tied to one payment
 * and reason, written in the caller's transaction (the payment's, under its row lock), so a
 * replayed webhook or a retried job never grants, spends or returns twice.
 */

export interface CreditPair {
  payerUserId: string;
  payeeUserId: string;
}

/** What the player can spend with this organizer now. */
export const creditBalance = (db: Database, pair: CreditPair) => findBalance(db, pair);

/**
 * Spends up to `upToCents` of the player's credit on a payment being written (the hold's
 * transaction): the balance row is locked first, so parallel Checkouts with the same organizer
 * spend one after another and never more than the balance. Returns what was spent.
 */
export async function spendCredit(
  tx: Database,
  { paymentId, upToCents, ...pair }: CreditPair & { paymentId: string; upToCents: number },
): Promise<number> {
  const spent = Math.min(await lockBalance(tx, pair), upToCents);
  if (spent <= 0) return 0;
  await recordCreditEntry(tx, { ...pair, paymentId, reason: 'spent', amountCents: -spent });
  return spent;
}

/** The credit a payment spent comes back (its Checkout ended unpaid, or it was refunded): once. */
export async function returnSpentCredit(
  tx: Database,
  { paymentId, cents, ...pair }: CreditPair & { paymentId: string; cents: number },
): Promise<boolean> {
  if (cents <= 0) return false;
  return recordCreditEntry(tx, { ...pair, paymentId, reason: 'returned', amountCents: cents });
}

/** A late leave of a "credit" event: the payment's value becomes credit with its organizer, once. */
export async function grantCredit(
  tx: Database,
  { paymentId, cents, ...pair }: CreditPair & { paymentId: string; cents: number },
): Promise<boolean> {
  if (cents <= 0) return false;
  return recordCreditEntry(tx, { ...pair, paymentId, reason: 'granted', amountCents: cents });
}

/**
 * A payment that became credit was then refunded in Stripe's dashboard (decision 043): up to
 * `upToCents` of the credit goes back, as much as the balance still holds (the player may have
 * spent some), under the balance's row lock. Returns what was taken back.
 */
export async function takeBackCredit(
  tx: Database,
  { paymentId, upToCents, ...pair }: CreditPair & { paymentId: string; upToCents: number },
): Promise<number> {
  const taken = Math.min(await lockBalance(tx, pair), upToCents);
  if (taken <= 0) return 0;
  await recordCreditTakeBack(tx, { ...pair, paymentId, cents: taken });
  return taken;
}

/** The signed-in player's credits, for Invoices. */
export async function listMyCredits(db: Database, { actorId }: { actorId: string }) {
  const rows = await listCreditsOf(db, actorId);
  return { credits: rows.map((row) => ({ ...row, payeeName: row.payeeName.trim() || 'Organizer' })) };
}
