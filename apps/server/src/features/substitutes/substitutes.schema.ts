import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';

/**
 * Who Huddle invited to play as a substitute on one date of an event (issue 12, decision 028).
 * One row per person and date: the unique key is what keeps two scans running at once from
 * inviting anyone twice (they insert with ON CONFLICT DO NOTHING, and only the row that went in
 * is notified).
 */
export const substituteInvitations = pgTable(
  'substitute_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** From the person's city to the place when invited: the organizer's list is nearest first. */
    distanceKm: doublePrecision('distance_km').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('substitute_invitations_unique').on(table.eventId, table.occurrenceStartsAt, table.userId),
    index('substitute_invitations_user_idx').on(table.userId),
    check('substitute_invitations_answer_check', sql`${table.answer} in ('joined', 'waitlisted', 'declined')`),
    check('substitute_invitations_answered_check', sql`(${table.answer} is null) = (${table.answeredAt} is null)`),
  ],
);
