import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
