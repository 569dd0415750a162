import { eq } from 'drizzle-orm';
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

export async function findUserByStripeId(db: Database, stripeId: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.stripeId, stripeId));
  return row;
}

export async function lockPaymentAccount(tx: Database, userId: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await tx.select(accountColumns).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function setPaymentAccount(
  db: Database,
  userId: string,
  fields: { stripeId: string | null; stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean },
): Promise<void> {
  await db.update(users).set(fields).where(eq(users.id, userId));
}

/** Keeps the two status fields of whoever holds this account current (account.updated). */
export async function updatePaymentAccountStatus(
  db: Database,
  stripeId: string,
  fields: { stripeChargesEnabled: boolean; stripeDetailsSubmitted: boolean },
): Promise<void> {
  await db.update(users).set(fields).where(eq(users.stripeId, stripeId));
}
