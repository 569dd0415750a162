import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { payments } from '../payments/payments.schema.ts';

/**
 * A player's credit with one organizer (decision 035): what a late leave of a "credit" event gave
 * back, spent first by the player's next Checkout with that organizer. One row per pair, so a
 * spend locks it and parallel spends queue; the check keeps the balance from going below 0.
 */
export const paymentCredits = pgTable(
  'payment_credits',
  {
    payerUserId: text('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeUserId: text('payee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.payerUserId, table.payeeUserId] }),
    check('payment_credits_balance_check', sql`${table.balanceCents} >= 0`),
  ],
);

export const creditEntryReasons = ['granted', 'spent', 'returned', 'taken_back'] as const;
export type CreditEntryReason = (typeof creditEntryReasons)[number];

/**
 * Every change of a credit balance, with the payment it came from: granted (a late leave), spent
 * (part of a payment), returned (that payment's Checkout ended unpaid, or it was refunded) or
 * taken back (the payment was refunded in Stripe's dashboard after it became credit, decision 043).
 * One entry per payment and reason: a replayed webhook or a retried job finds it and changes
 * nothing. Taken back is the one entry that grows: once per dashboard refund, which
 * `payment_outside_refunds` records once by its Stripe id in the same transaction.
 */
export const paymentCreditEntries = pgTable(
  'payment_credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerUserId: text('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeUserId: text('payee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<CreditEntryReason>().notNull(),
    /** Signed: + granted or returned, − spent. */
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_credit_entries_once').on(table.paymentId, table.reason),
    index('payment_credit_entries_pair_idx').on(table.payerUserId, table.payeeUserId),
    check(
      'payment_credit_entries_reason_check',
      sql`${table.reason} in ('granted', 'spent', 'returned', 'taken_back')`,
    ),
  ],
);
