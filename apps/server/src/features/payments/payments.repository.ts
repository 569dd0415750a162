import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { stripeProcessedEvents } from './payments.schema.ts';

export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

/** True when this call recorded the event; false when it was already applied (a replay). */
export async function recordProcessedEvent(
  tx: Database,
  event: { id: string; type: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(stripeProcessedEvents)
    .values({ id: event.id, type: event.type, eventCreatedAt: event.createdAt })
    .onConflictDoNothing()
    .returning({ id: stripeProcessedEvents.id });
  return inserted.length === 1;
}

export async function isEventProcessed(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stripeProcessedEvents.id })
    .from(stripeProcessedEvents)
    .where(eq(stripeProcessedEvents.id, eventId));
  return row !== undefined;
}

export interface PaymentAccountRow {
  id: string;
  email: string;
  stripeId: string | null;
  stripeChargesEnabled: boolean;
  stripeDetailsSubmitted: boolean;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  stripeId: users.stripeId,
  stripeChargesEnabled: users.stripeChargesEnabled,
  stripeDetailsSubmitted: users.stripeDetailsSubmitted,
};

export async function findPaymentAccount(db: Database, userId: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** Keeps the two status fields of whoever holds this account current (account.updated). */
export async function updatePaymentAccountStatus(
  db: Database,
  stripeId: string,
  fields: { stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean },
): Promise<void> {
  await db.update(users).set(fields).where(eq(users.stripeId, stripeId));
}

/** Links an account only while none is linked: of two parallel links one wins (true). */
export async function linkPaymentAccountIfNone(
  db: Database,
  userId: string,
  fields: { stripeId: string; stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean },
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set(fields)
    .where(and(eq(users.id, userId), isNull(users.stripeId)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Stores the account's current status for its holder, only while that account is still linked. */
export async function syncPaymentAccount(
  db: Database,
  userId: string,
  stripeId: string,
  fields: { stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean },
): Promise<void> {
  await db
    .update(users)
    .set(fields)
    .where(and(eq(users.id, userId), eq(users.stripeId, stripeId)));
}

/** Clears the three payment-account fields (spec §4); false when nothing was linked. */
export async function unlinkPaymentAccount(db: Database, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ stripeId: null, stripeChargesEnabled: false, stripeDetailsSubmitted: false })
    .where(and(eq(users.id, userId), isNotNull(users.stripeId)))
    .returning({ id: users.id });
  return updated.length === 1;
}
