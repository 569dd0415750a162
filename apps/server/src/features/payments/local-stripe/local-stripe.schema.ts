import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in local Stripe's state (decision 029): every object it serves (customers, Checkout
 * sessions, accounts, events, …) as the JSON Stripe would return, keyed by its Stripe-style id.
 * In PostgreSQL, so several Huddle instances serve the same objects.
 */
export const localStripeObjects = pgTable(
  'local_stripe_objects',
  {
    id: text('id').primaryKey(),
    /** Stripe's `object` field: 'customer', 'checkout.session', 'account', 'event', … */
    object: text('object').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('local_stripe_objects_object_idx').on(table.object, table.createdAt)],
);
