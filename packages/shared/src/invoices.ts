import { z } from 'zod';
import { calendarDate } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { paymentKinds, type PaymentStatus } from './payments.ts';

/**
 * Invoices and transactions (issue 13; spec §2 invoices and transactions, §7 invoices by user):
 * what a person paid through Huddle, and what an organizer was paid, read from the payments
 * ledger. Only settled payments show: a pending, failed or expired Checkout is no invoice.
 */

/** The statuses a settled payment has; the pages name them (spec §2: Paid, Refunded, Partially refunded). */
export const settledStatuses = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];
export type SettledStatus = (typeof settledStatuses)[number];
export const settledStatusLabels: Record<SettledStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export const paymentKindLabels: Record<(typeof paymentKinds)[number], string> = {
  event: 'Game',
  season: 'Season',
  subscription: 'Plan',
  form: 'Form',
};

/** Shown for a payment to Huddle itself (a plan): the ledger's payee is null. */
export const huddlePayeeName = 'Huddle';
/** Spec §2: Transactions answers only an organizer whose Stripe account is connected. */
export const connectStripeMessage = 'Connect Stripe to receive payments';

export const invoicePageSize = 20;
export const transactionPageSize = 25;

/** The id of the last row of the previous page; absent for the newest page. */
const cursor = z.uuid('Not a cursor from this list.').optional();

export const listInvoicesQuery = z.strictObject({
  cursor,
  kind: z.enum(paymentKinds, { error: 'Choose games, seasons, plans or forms.' }).optional(),
  year: z.coerce
    .number({ error: 'Enter a year.' })
    .int('Enter a year.')
    .min(2000, 'Enter a year from 2000.')
    .max(2100, 'Enter a year up to 2100.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(invoicePageSize),
});
export type ListInvoicesQuery = z.input<typeof listInvoicesQuery>;

const day = calendarDate('Enter a date as YYYY-MM-DD.');

/** The filter of Transactions and of its CSV: paid between two days (inclusive, UTC) and a status. */
export const transactionFilter = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    status: z.enum(settledStatuses, { error: 'Choose Paid, Refunded or Partially refunded.' }).optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: 'The end date must be on or after the start date.',
    path: ['to'],
  });
export type TransactionFilter = z.input<typeof transactionFilter>;

export const listTransactionsQuery = z
  .strictObject({
    cursor,
    from: day.optional(),
    to: day.optional(),
    status: z.enum(settledStatuses, { error: 'Choose Paid, Refunded or Partially refunded.' }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(transactionPageSize),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: 'The end date must be on or after the start date.',
    path: ['to'],
  });
export type ListTransactionsQuery = z.input<typeof listTransactionsQuery>;

const cents = z.number().int();

/** One payment as its payer sees it: the receipt's content (spec §2 invoices). */
export const invoiceReply = z
  .object({
    id: z.uuid(),
    kind: z.enum(paymentKinds),
    status: z.enum(settledStatuses),
    receiptNumber: z.string().nullable(),
    description: z.string(),
    quantity: z.number().int(),
    amountCents: cents,
    refundedCents: cents,
    /** Decision 035: credit that paid part of it (not in amountCents), and its value turned into credit. */
    creditAppliedCents: cents,
    creditedCents: cents,
    currency: z.string(),
    payerName: z.string(),
    payerEmail: z.string(),
    /** The organizer paid, or "Huddle" for a plan. */
    payeeName: z.string(),
    teamName: z.string().nullable(),
    paidAt: z.iso.datetime(),
    refundedAt: z.iso.datetime().nullable(),
    /** Stripe's hosted invoice or receipt, when there is one. */
    receiptUrl: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceReply>;

export const invoiceListReply = z.object({ invoices: z.array(invoiceReply), nextCursor: z.uuid().nullable() });
export type InvoiceList = z.infer<typeof invoiceListReply>;

export const invoiceIdParams = z.object({ invoiceId: z.uuid('Unknown invoice.') });

/** One payment as the organizer it was paid to sees it. */
export const transactionReply = z
  .object({
    id: z.uuid(),
    kind: z.enum(paymentKinds),
    status: z.enum(settledStatuses),
    receiptNumber: z.string().nullable(),
    description: z.string(),
    quantity: z.number().int(),
    payerName: z.string(),
    payerEmail: z.string(),
    teamName: z.string().nullable(),
    amountCents: cents,
    refundedCents: cents,
    creditAppliedCents: cents,
    creditedCents: cents,
    feeCents: cents,
    /** What stays with the organizer: amount less refunds and Huddle's fee. */
    netCents: cents,
    currency: z.string(),
    paidAt: z.iso.datetime(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionReply>;

/**
 * The money columns of a transaction, in order, as the Transactions table and its CSV both show
 * them (one list, so they cannot drift apart). Credit (decision 035): "Credit applied" is the
 * player's credit with the organizer that paid part of the price (not charged through Stripe);
 * "Credit issued" is what the organizer gave back as credit after a late leave (kept, owed as credit).
 */
export const transactionMoneyColumns = [
  { key: 'amountCents', label: 'Amount' },
  { key: 'refundedCents', label: 'Refunded' },
  { key: 'creditAppliedCents', label: 'Credit applied' },
  { key: 'creditedCents', label: 'Credit issued' },
  { key: 'feeCents', label: 'Fee' },
  { key: 'netCents', label: 'Net' },
] as const satisfies readonly { key: keyof Transaction; label: string }[];

/** Over the whole filter, not only the page shown. */
export const transactionTotals = z.object({
  count: z.number().int(),
  grossCents: cents,
  refundedCents: cents,
  feeCents: cents,
  netCents: cents,
});
export type TransactionTotals = z.infer<typeof transactionTotals>;

export const transactionListReply = z.object({
  transactions: z.array(transactionReply),
  totals: transactionTotals,
  nextCursor: z.uuid().nullable(),
});
export type TransactionList = z.infer<typeof transactionListReply>;

/** The CSV's address (not JSON, so the server declares its route by hand). */
export const transactionsCsvPath = '/api/transactions.csv';

/** A player's credit with one organizer (decision 035), spent first on their next Checkout there. */
export const creditReply = z.object({ payeeUserId: z.string(), payeeName: z.string(), balanceCents: cents });
export const creditListReply = z.object({ credits: z.array(creditReply) }).meta({ id: 'CreditList' });
export type Credit = z.infer<typeof creditReply>;

export const invoiceEndpoints = {
  listMyCredits: defineEndpoint({
    method: 'GET',
    path: '/api/credits',
    summary: "The signed-in player's credit with each organizer, spent first on their next Checkout there",
    tags: ['invoices'],
    reply: creditListReply,
  }),
  listMyInvoices: defineEndpoint({
    method: 'GET',
    path: '/api/invoices',
    summary: 'What the signed-in person paid through Huddle, newest first, by kind and year (spec §7 invoices by user)',
    tags: ['invoices'],
    query: listInvoicesQuery,
    reply: invoiceListReply,
  }),
  getInvoice: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:invoiceId',
    summary: 'One invoice with its receipt; only its payer reads it',
    tags: ['invoices'],
    params: invoiceIdParams,
    reply: z.object({ invoice: invoiceReply }),
  }),
  listMyTransactions: defineEndpoint({
    method: 'GET',
    path: '/api/transactions',
    summary: 'What the signed-in organizer was paid, newest first, with totals over the filter',
    tags: ['invoices'],
    query: listTransactionsQuery,
    reply: transactionListReply,
  }),
};
