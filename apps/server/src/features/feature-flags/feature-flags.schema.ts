import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Spec §1: a remote flag controls subscriptions and badges. A row overrides the configured default. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
