import type { PaymentKind, PaymentStatus } from '@huddle/shared/payments';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { eventParties, events } from '../events/events.schema.ts';
import { formSubmissions } from '../forms/forms.schema.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * Every Stripe event Huddle has applied (decision 029). The row goes in, with ON CONFLICT DO
 * NOTHING, in the same transaction as the event's effect: a replayed or duplicated delivery finds
 * the row and changes nothing, and a failed effect rolls the row back so the retry applies it.
 */
export const stripeProcessedEvents = pgTable('stripe_processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own `created`, to read how late a delivery was. */
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The payments ledger (issue 13): one row per payment anyone made through Huddle, for a game, a
 * season registration or a plan. The payer's Invoices page and the organizer's Transactions page
 * (and its CSV) read it, so neither asks Stripe for a list. Names and emails are copied in: a
 * receipt still reads the same after an account, team or event is deleted (the links go null).
 * Amounts are integer cents; `refundedCents` grows with each refund, never past `amountCents`.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What was paid for: a game (event occurrence), a season registration or a plan. */
    kind: text('kind').$type<PaymentKind>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** Human receipt number, unique, in order (HDL-000001), given when the payment succeeds. */
    receiptNumber: text('receipt_number'),
    payerUserId: text('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    /** Who is paid: the organizer whose connected account received it; null = Huddle (plans). */
    payeeUserId: text('payee_user_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** The date of a weekly game that was paid for. */
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }),
    /** The spot this payment holds or paid for; null once the party is gone. */
    partyId: uuid('party_id').references(() => eventParties.id, { onDelete: 'set null' }),
    seasonId: uuid('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    /** A form submission's payment (decision 036): its deposit, whole or balance. */
    formSubmissionId: uuid('form_submission_id').references(() => formSubmissions.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** The receipt's line, e.g. "Sunday pickup · Sat, Nov 28, 10:00 AM". */
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** Huddle's application fee on a connected-account payment (0 when none). */
    feeCents: integer('fee_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * Decision 035: the player's credit with the payee that paid part of this payment
     * (`amountCents` is only what Stripe charged), and the value of this payment given back as
     * credit after a late leave (the organizer keeps the money; the player spends it later).
     */
    creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
    creditedCents: integer('credited_cents').notNull().default(0),
    /** The connected account that was paid (acct_…); null for Huddle's own (plans). */
    stripeAccountId: text('stripe_account_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    /** Stripe's hosted receipt or invoice page, when there is one. */
    receiptUrl: text('receipt_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_receipt_number_unique').on(table.receiptNumber),
    uniqueIndex('payments_checkout_session_unique').on(table.stripeCheckoutSessionId),
    uniqueIndex('payments_invoice_unique').on(table.stripeInvoiceId),
    // charge.refunded finds its payment by the payment intent (decision 039).
    index('payments_payment_intent_idx').on(table.stripePaymentIntentId),
    index('payments_payer_idx').on(table.payerUserId, table.createdAt),
    index('payments_payee_idx').on(table.payeeUserId, table.createdAt),
    index('payments_event_idx').on(table.eventId, table.occurrenceStartsAt),
    check('payments_kind_check', sql`${table.kind} in ('event', 'season', 'subscription', 'form')`),
    index('payments_form_submission_idx').on(table.formSubmissionId),
    check(
      'payments_status_check',
      sql`${table.status} in ('pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired')`,
    ),
    check(
      'payments_amounts_check',
      sql`${table.amountCents} >= 0 and ${table.feeCents} >= 0 and ${table.refundedCents} between 0 and ${table.amountCents}`,
    ),
    check('payments_credit_check', sql`${table.creditAppliedCents} >= 0 and ${table.creditedCents} >= 0`),
    check('payments_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

/**
 * Refunds made outside Huddle (in Stripe's dashboard) read back from `charge.refunded` (decision
 * 039): one row per Stripe refund, written with the ledger's change in the webhook's transaction,
 * so a refund is counted once however many events or replays mention it. Huddle's own refunds
 * are not here: they are counted when made.
 */
export const paymentOutsideRefunds = pgTable('payment_outside_refunds', {
  stripeRefundId: text('stripe_refund_id').primaryKey(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  /**
   * Decision 043: a dashboard refund of a payment already turned into credit takes that much credit
   * back, as much as the player has not spent (`creditTakenBackCents`); what they had spent cannot
   * be taken back and is recorded (`creditUnrecoveredCents`), so the organizer sees it.
   */
  creditTakenBackCents: integer('credit_taken_back_cents').notNull().default(0),
  creditUnrecoveredCents: integer('credit_unrecovered_cents').notNull().default(0),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Receipt numbers come from here, so two payments succeeding at once never share one. */
export const paymentReceiptNumbers = pgSequence('payment_receipt_numbers', { startWith: 1 });
