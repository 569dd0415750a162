import type { AvailabilityBody } from '@huddle/shared/availability';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/** Spec §3, Availability: one row per user; absent until the first save. */
export const availabilities = pgTable('availabilities', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<AvailabilityBody['weekly']>().notNull(),
  dates: jsonb('dates').$type<AvailabilityBody['dates']>().notNull(),
  /** IANA zone of the ranges (decision 079); null for rows saved before it was recorded. */
  timeZone: text('time_zone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
