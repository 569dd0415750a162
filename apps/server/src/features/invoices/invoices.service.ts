import {
  connectStripeMessage,
  huddlePayeeName,
  type Invoice,
  type InvoiceList,
  type Transaction,
  type TransactionList,
} from '@huddle/shared/invoices';
import type { PaymentKind } from '@huddle/shared/payments';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findPayerPayment,
  findStripeAccountId,
  insertSubscriptionPayment,
  listPayeePayments,
  listPayerPayments,
  sumPayeePayments,
  type LedgerRow,
  type SubscriptionPaymentInsert,
  type TransactionRowFilter,
} from './invoices.repository.ts';

/**
 * Invoices and transactions (issue 13, spec §2 and §7 invoices by user; decision 032): the
 * payer reads what they paid, the organizer what they were paid, both from the payments
 * ledger. Every read is scoped to the signed-in person in the query itself: there is no id
 * of someone else to pass.
 */

const iso = (date: Date) => date.toISOString();

function toInvoice(row: LedgerRow): Invoice {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    receiptNumber: row.receiptNumber,
    description: row.description,
    quantity: row.quantity,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    creditAppliedCents: row.creditAppliedCents,
    creditedCents: row.creditedCents,
    currency: row.currency,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    // A plan is paid to Huddle (no payee); an organizer whose account is gone reads as their team.
    payeeName: row.kind === 'subscription' ? huddlePayeeName : (row.payeeName ?? row.teamName ?? huddlePayeeName),
    teamName: row.teamName,
    paidAt: iso(row.paidAt),
    refundedAt: row.refundedAt ? iso(row.refundedAt) : null,
    receiptUrl: row.receiptUrl,
  };
}

function toTransaction(row: LedgerRow): Transaction {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    receiptNumber: row.receiptNumber,
    description: row.description,
    quantity: row.quantity,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    teamName: row.teamName,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    creditAppliedCents: row.creditAppliedCents,
    creditedCents: row.creditedCents,
    feeCents: row.feeCents,
    netCents: netOf(row),
    currency: row.currency,
    paidAt: iso(row.paidAt),
  };
}

/**
 * What stays with the organizer: the amount, less refunds and Huddle's fee. A refund does not
 * return the fee (Stripe keeps an application fee unless the refund says otherwise), so a fully
 * refunded payment nets minus its fee; the totals are the same sum, row by row.
 */
export const netOf = (row: { amountCents: number; refundedCents: number; feeCents: number }) =>
  row.amountCents - row.refundedCents - row.feeCents;

/** One more row than the page, to know whether another page follows. */
function paged<T extends { id: string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** Spec §7 invoices by user: what I paid, newest first, by kind and year. */
export async function listMyInvoices(
  db: Database,
  {
    actorId,
    cursor,
    kind,
    year,
    limit,
  }: { actorId: string; cursor?: string; kind?: PaymentKind; year?: number; limit: number },
): Promise<InvoiceList> {
  const range =
    year === undefined ? {} : { from: new Date(Date.UTC(year, 0, 1)), until: new Date(Date.UTC(year + 1, 0, 1)) };
  const rows = await listPayerPayments(db, actorId, { kind, ...range }, { cursor, limit: limit + 1 });
  const { items, nextCursor } = paged(rows, limit);
  return { invoices: items.map(toInvoice), nextCursor };
}

/** One invoice; someone else's reads as not found (it does not say that it exists). */
export async function getInvoice(db: Database, { actorId, invoiceId }: { actorId: string; invoiceId: string }) {
  const row = await findPayerPayment(db, actorId, invoiceId);
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
  return { invoice: toInvoice(row) };
}

export interface TransactionQuery {
  from?: string;
  to?: string;
  status?: TransactionRowFilter['status'];
}

/** The days of the filter, inclusive, as instants (UTC days). */
function rowFilterOf(query: TransactionQuery): TransactionRowFilter {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return {
    status: query.status,
    ...(query.from && { from: new Date(`${query.from}T00:00:00Z`) }),
    ...(query.to && { until: dayAfter(query.to) }),
  };
}

/** Spec §2: Transactions is for an organizer with a connected Stripe account. */
async function requireConnectedOrganizer(db: Database, actorId: string): Promise<void> {
  const stripeId = await findStripeAccountId(db, actorId);
  if (stripeId === undefined) throw new AppError('UNAUTHENTICATED');
  if (stripeId === null) throw new AppError('FORBIDDEN', connectStripeMessage);
}

export async function listMyTransactions(
  db: Database,
  { actorId, cursor, limit, ...query }: TransactionQuery & { actorId: string; cursor?: string; limit: number },
): Promise<TransactionList> {
  await requireConnectedOrganizer(db, actorId);
  const filter = rowFilterOf(query);
  const [rows, sums] = await Promise.all([
    listPayeePayments(db, actorId, filter, { cursor, limit: limit + 1 }),
    sumPayeePayments(db, actorId, filter),
  ]);
  const { items, nextCursor } = paged(rows, limit);
  return {
    transactions: items.map(toTransaction),
    totals: { ...sums, netCents: sums.grossCents - sums.refundedCents - sums.feeCents },
    nextCursor,
  };
}

/** Rows per read while the CSV streams: a large export never sits in memory whole. */
const csvBatch = 500;

/**
 * The same filter as the list, every row, read in keyset batches for the CSV stream. The
 * organizer check runs before the first byte, so a refusal is still a JSON error.
 */
export async function transactionsForCsv(
  db: Database,
  { actorId, ...query }: TransactionQuery & { actorId: string },
): Promise<AsyncGenerator<Transaction>> {
  await requireConnectedOrganizer(db, actorId);
  const filter = rowFilterOf(query);
  async function* rows(): AsyncGenerator<Transaction> {
    let cursor: string | undefined;
    for (;;) {
      const batch = await listPayeePayments(db, actorId, filter, { cursor, limit: csvBatch });
      for (const row of batch) yield toTransaction(row);
      if (batch.length < csvBatch) return;
      cursor = batch.at(-1)?.id;
    }
  }
  return rows();
}

/** Writes a paid plan invoice into the ledger inside the caller's transaction (a webhook's). */
export async function recordSubscriptionPayment(tx: Database, payment: SubscriptionPaymentInsert): Promise<boolean> {
  return insertSubscriptionPayment(tx, payment);
}
