import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Decision 064: a tier of a badge a player earned, kept once earned (a game deleted later takes
 * nothing away). The key makes awarding idempotent: however many refreshes run at once, a tier
 * is one row, and its date is the moment the history reached it, not when a refresh noticed.
 */
export const userBadges = pgTable(
  'user_badges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id').notNull(),
    tier: smallint('tier').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.badgeId, table.tier] }),
    check('user_badges_tier_check', sql`${table.tier} between 1 and 4`),
  ],
);

/**
 * When a player's badges were last worked out from their history. A public profile refreshes
 * them when this is older than a few minutes, and only the request that moves it does the work.
 */
export const badgeRefreshes = pgTable('badge_refreshes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});
