import type { NotificationCategory } from '@huddle/shared/users';
import type { NotificationKind } from '@huddle/shared/notifications';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * Everything that happened to a person (issue 12, the notifications page). One row per
 * recipient; the dedupe key (unique per person) makes a producer that runs twice (a retried job,
 * the reminder scan on two instances) store and deliver it once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<NotificationCategory>().notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path inside Huddle, such as /discover/events/<id>. */
    link: text('link').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it is about (an event, a team, a conversation), for producers to find their items. */
    subjectId: text('subject_id'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_unique').on(table.userId, table.dedupeKey),
    index('notifications_user_newest_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // Deleting an account or a team clears these references: without an index each delete scans the table.
    index('notifications_actor_idx').on(table.actorId),
    index('notifications_team_idx').on(table.teamId),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** A browser's Web Push subscription (spec §7 push token); one browser belongs to one person at a time. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
