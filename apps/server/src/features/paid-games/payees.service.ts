import type { Database } from '../../db/client.ts';
import { findPaymentAccount } from './paid-games.repository.ts';

/** A price needs a connected account that can take charges (decision 033). */
export async function canTakeCharges(db: Database, userId: string): Promise<boolean> {
  const account = await findPaymentAccount(db, userId);
  return Boolean(account?.stripeId && account.stripeChargesEnabled);
}
