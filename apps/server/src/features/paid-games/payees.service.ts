import type { Database } from '../../db/client.ts';
import { findPaymentAccount, moveEventPayments } from './paid-games.repository.ts';

/** A price needs a connected account that can take charges (decision 033). */
export async function canTakeCharges(db: Database, userId: string): Promise<boolean> {
  const account = await findPaymentAccount(db, userId);
  return Boolean(account?.stripeId && account.stripeChargesEnabled);
}

/**
 * A one-off game moved to a new start, in the events feature's transaction (decision 039): its
 * payments move with its people, so leaving the moved game finds them to refund by the rules.
 */
export const moveGamePayments = (tx: Database, eventId: string, from: Date, to: Date) =>
  moveEventPayments(tx, eventId, from, to);
