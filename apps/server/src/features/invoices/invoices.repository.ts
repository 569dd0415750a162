import type { PaymentKind } from '@huddle/shared/payments';
import { settledStatuses, type SettledStatus } from '@huddle/shared/invoices';
import { aliasedTable, and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { teams } from '../teams/teams.schema.ts';
import { nextReceiptNumber } from '../payments/payment-receipts.ts';

/** A settled payment with the names a receipt shows (the payee's and the team's, read now). */
export interface LedgerRow {
  id: string;
  kind: PaymentKind;
  status: SettledStatus;
  receiptNumber: string | null;
  description: string;
  quantity: number;
  amountCents: number;
  refundedCents: number;
  creditAppliedCents: number;
  creditedCents: number;
  feeCents: number;
  currency: string;
  payerName: string;
  payerEmail: string;
  payeeUserId: string | null;
  payeeName: string | null;
  teamName: string | null;
  paidAt: Date;
  refundedAt: Date | null;
  receiptUrl: string | null;
}

const payee = aliasedTable(users, 'payee');

const ledgerColumns = {
  id: payments.id,
  kind: payments.kind,
  status: sql<SettledStatus>`${payments.status}`,
  receiptNumber: payments.receiptNumber,
  description: payments.description,
  quantity: payments.quantity,
  amountCents: payments.amountCents,
  refundedCents: payments.refundedCents,
  creditAppliedCents: payments.creditAppliedCents,
  creditedCents: payments.creditedCents,
  feeCents: payments.feeCents,
  currency: payments.currency,
  payerName: payments.payerName,
  payerEmail: payments.payerEmail,
  payeeUserId: payments.payeeUserId,
  payeeName: payee.name,
  teamName: teams.name,
  paidAt: sql<Date>`${payments.paidAt}`.mapWith(payments.paidAt),
  refundedAt: payments.refundedAt,
  receiptUrl: payments.receiptUrl,
};

/** Only settled payments are invoices or transactions; a pending, failed or expired one is neither. */
const settled = and(inArray(payments.status, [...settledStatuses]), isNotNull(payments.paidAt));

/** Newest first, in a total order (two payments can share a time), so a cursor never skips or repeats. */
const newestFirst = [desc(payments.paidAt), desc(payments.id)];

/** Rows after the cursor's row in that order; the cursor row must be in the same list (the owner's). */
function afterCursor(owner: SQL, cursorId: string | undefined): SQL | undefined {
  if (!cursorId) return undefined;
  return sql`(${payments.paidAt}, ${payments.id}) < (select p.paid_at, p.id from ${payments} p where p.id = ${cursorId} and ${owner})`;
}

const paidBetween = (from: Date | undefined, until: Date | undefined) =>
  and(from ? gte(payments.paidAt, from) : undefined, until ? lt(payments.paidAt, until) : undefined);

function selectLedger(db: Database) {
  return db
    .select(ledgerColumns)
    .from(payments)
    .leftJoin(payee, eq(payee.id, payments.payeeUserId))
    .leftJoin(teams, eq(teams.id, payments.teamId));
}

export interface InvoiceFilter {
  kind?: PaymentKind;
  from?: Date;
  until?: Date;
}

export async function listPayerPayments(
  db: Database,
  payerId: string,
  filter: InvoiceFilter,
  page: { cursor?: string; limit: number },
): Promise<LedgerRow[]> {
  const owner = sql`p.payer_user_id = ${payerId}`;
  return selectLedger(db)
    .where(
      and(
        eq(payments.payerUserId, payerId),
        settled,
        filter.kind ? eq(payments.kind, filter.kind) : undefined,
        paidBetween(filter.from, filter.until),
        afterCursor(owner, page.cursor),
      ),
    )
    .orderBy(...newestFirst)
    .limit(page.limit);
}

/** One settled payment, only when this person paid it. */
export async function findPayerPayment(
  db: Database,
  payerId: string,
  paymentId: string,
): Promise<LedgerRow | undefined> {
  const [row] = await selectLedger(db).where(
    and(eq(payments.id, paymentId), eq(payments.payerUserId, payerId), settled),
  );
  return row;
}

export interface TransactionRowFilter {
  from?: Date;
  until?: Date;
  status?: SettledStatus;
}

const payeeWhere = (payeeId: string, filter: TransactionRowFilter) =>
  and(
    eq(payments.payeeUserId, payeeId),
    settled,
    filter.status ? eq(payments.status, filter.status) : undefined,
    paidBetween(filter.from, filter.until),
  );

export async function listPayeePayments(
  db: Database,
  payeeId: string,
  filter: TransactionRowFilter,
  page: { cursor?: string; limit: number },
): Promise<LedgerRow[]> {
  const owner = sql`p.payee_user_id = ${payeeId}`;
  return selectLedger(db)
    .where(and(payeeWhere(payeeId, filter), afterCursor(owner, page.cursor)))
    .orderBy(...newestFirst)
    .limit(page.limit);
}

/** Sums over the whole filter, in the database (bigint: many payments can pass 2^31 cents). */
export async function sumPayeePayments(db: Database, payeeId: string, filter: TransactionRowFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      grossCents: sql<string>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
      refundedCents: sql<string>`coalesce(sum(${payments.refundedCents}), 0)::bigint`,
      feeCents: sql<string>`coalesce(sum(${payments.feeCents}), 0)::bigint`,
    })
    .from(payments)
    .where(payeeWhere(payeeId, filter));
  return {
    count: row?.count ?? 0,
    grossCents: Number(row?.grossCents ?? 0),
    refundedCents: Number(row?.refundedCents ?? 0),
    feeCents: Number(row?.feeCents ?? 0),
  };
}

export async function findStripeAccountId(db: Database, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ stripeId: users.stripeId }).from(users).where(eq(users.id, userId));
  return row?.stripeId;
}

export interface SubscriptionPaymentInsert {
  payerUserId: string;
  payerName: string;
  payerEmail: string;
  teamId: string | null;
  subscriptionId: string;
  description: string;
  amountCents: number;
  currency: string;
  stripeInvoiceId: string;
  receiptUrl: string | null;
  paidAt: Date;
}

/**
 * A paid plan invoice, once per Stripe invoice: the unique stripe_invoice_id makes a second write
 * (another event about the same invoice, a replay) a no-op. The receipt number is drawn only
 * when the row is new, so replays do not use numbers up.
 */
export async function insertSubscriptionPayment(tx: Database, row: SubscriptionPaymentInsert): Promise<boolean> {
  const [existing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.stripeInvoiceId, row.stripeInvoiceId));
  if (existing) return false;
  const inserted = await tx
    .insert(payments)
    .values({
      ...row,
      kind: 'subscription',
      status: 'paid',
      payeeUserId: null,
      receiptNumber: nextReceiptNumber(),
    })
    .onConflictDoNothing({ target: payments.stripeInvoiceId })
    .returning({ id: payments.id });
  return inserted.length === 1;
}
