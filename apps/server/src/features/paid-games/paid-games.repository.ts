import type { PaymentStatus } from '@huddle/shared/payments';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { seasons } from '../seasons/seasons.schema.ts';
import { paymentOutsideRefunds, payments } from '../payments/payments.schema.ts';
import { nextReceiptNumber } from '../payments/payment-receipts.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>;

/** Paid or partly refunded: what can still be refunded. */
export const refundableStatuses: PaymentStatus[] = ['paid', 'partially_refunded'];

export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

/** The person's connected account and whether Stripe lets it take charges. */
export async function findPaymentAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      stripeId: users.stripeId,
      stripeChargesEnabled: users.stripeChargesEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertPayment(db: Database, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: Database, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/**
 * The payment under a row lock: the webhook, refunds and cancels of one payment go one at a time.
 * The lock of the game or season it pays for is taken first. Every path that changes who holds a
 * spot locks the game (lockEvent) or the season first and may then write the payment's row (a
 * leave deletes the party, whose foreign key sets the payment's party_id to null); taking the
 * payment first and the game second let a leave and a webhook each wait for the other (40P01,
 * found by the cluster fault test, issue 31). The order lives here, so no caller can reverse it.
 */
export async function lockPayment(tx: Database, paymentId: string): Promise<PaymentRow | undefined> {
  const [subject] = await tx
    .select({ eventId: payments.eventId, seasonId: payments.seasonId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!subject) return undefined;
  // The same lock strengths as events.repository's lockEvent and the season writes.
  if (subject.eventId) {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, subject.eventId)).for('no key update');
  }
  if (subject.seasonId) {
    await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, subject.seasonId)).for('update');
  }
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

export async function findPaymentOfSession(db: Database, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.stripeCheckoutSessionId, sessionId));
  return row;
}

/** The pending payment that holds this party's spot, if any. */
export async function findPendingPaymentOfParty(db: Database, partyId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.partyId, partyId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** The pending payment that holds this season registration's place, if any. */
export async function findPendingPaymentOfRegistration(
  db: Database,
  registrationId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

export async function updatePayment(
  db: Database,
  paymentId: string,
  changes: Partial<Omit<PaymentRow, 'id' | 'createdAt'>>,
): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(changes).where(eq(payments.id, paymentId)).returning();
  return row;
}

export async function listFormSubmissionPayments(db: Database, submissionIds: string[]): Promise<PaymentRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'form'), inArray(payments.formSubmissionId, submissionIds)))
    .orderBy(asc(payments.createdAt));
}

/** 'HDL-000042': the next receipt number, never shared by two payments succeeding at once. */
export async function drawReceiptNumber(tx: Database): Promise<string> {
  const result = await tx.execute<{ value: string }>(sql`select ${nextReceiptNumber()} as value`);
  return result.rows[0]!.value;
}

/** Payments of a game: of one date, or of every date from `from` on; optionally of one payer. */
export async function listGamePayments(
  db: Database,
  {
    eventId,
    occurrenceStartsAt,
    from,
    payerUserId,
    statuses,
  }: { eventId: string; occurrenceStartsAt?: Date; from?: Date; payerUserId?: string; statuses?: PaymentStatus[] },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'event'),
        eq(payments.eventId, eventId),
        occurrenceStartsAt ? eq(payments.occurrenceStartsAt, occurrenceStartsAt) : undefined,
        from ? gte(payments.occurrenceStartsAt, from) : undefined,
        payerUserId ? eq(payments.payerUserId, payerUserId) : undefined,
        statuses ? inArray(payments.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1000);
}

/** The ledger row a payment intent paid (charge.refunded names the intent). */
export async function findPaymentOfIntent(db: Database, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId)).limit(1);
  return row;
}

/** Records a refund made outside Huddle; false when it was recorded before (decision 039). */
export async function insertOutsideRefund(
  tx: Database,
  values: { stripeRefundId: string; paymentId: string; amountCents: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentOutsideRefunds)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentOutsideRefunds.stripeRefundId });
  return inserted.length === 1;
}

/** Takes note of what a recorded dashboard refund did to the payment's credit (decision 043). */
export async function setOutsideRefundCredit(
  tx: Database,
  stripeRefundId: string,
  values: { creditTakenBackCents: number; creditUnrecoveredCents: number },
): Promise<void> {
  await tx.update(paymentOutsideRefunds).set(values).where(eq(paymentOutsideRefunds.stripeRefundId, stripeRefundId));
}

/** What the dashboard refunds recorded for a payment add up to, and the credit they could not take back. */
export async function sumOutsideRefunds(
  db: Database,
  paymentId: string,
): Promise<{ amountCents: number; creditUnrecoveredCents: number }> {
  const [row] = await db
    .select({
      amountCents: sql<number>`coalesce(sum(${paymentOutsideRefunds.amountCents}), 0)::int`,
      creditUnrecoveredCents: sql<number>`coalesce(sum(${paymentOutsideRefunds.creditUnrecoveredCents}), 0)::int`,
    })
    .from(paymentOutsideRefunds)
    .where(eq(paymentOutsideRefunds.paymentId, paymentId));
  return row ?? { amountCents: 0, creditUnrecoveredCents: 0 };
}

/** The payment of a season registration that still holds or paid its place, newest first. */
export async function findPaymentOfRegistration(db: Database, registrationId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'season'),
        eq(payments.registrationId, registrationId),
        inArray(payments.status, ['pending', ...refundableStatuses]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** A season's payments that were paid (refunded ones too), for its organizers. */
export async function listSeasonPayments(db: Database, seasonId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'season'),
        eq(payments.seasonId, seasonId),
        inArray(payments.status, ['paid', 'partially_refunded', 'refunded']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1000);
}

/** A one-off game moved: its payments follow its people to the new start. */
export async function moveEventPayments(tx: Database, eventId: string, from: Date, to: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ occurrenceStartsAt: to })
    .where(and(eq(payments.eventId, eventId), eq(payments.occurrenceStartsAt, from)));
}
