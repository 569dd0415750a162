import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Issue 16, spec §7 connections (decision 045): one row per pair of people, whoever asked. The
 * pair is stored in order (userLow < userHigh) and unique, so A asking B and B asking A at the
 * same moment meet on one row and become one connection. A declined request or a removed
 * connection deletes the row: asking again starts over.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'accepted'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    check('connections_pair_order_check', sql`${table.userLow} < ${table.userHigh}`),
    check('connections_requester_check', sql`${table.requesterId} in (${table.userLow}, ${table.userHigh})`),
    check('connections_status_check', sql`${table.status} in ('pending', 'accepted')`),
    check('connections_accepted_at_check', sql`(${table.status} = 'accepted') = (${table.acceptedAt} is not null)`),
    uniqueIndex('connections_pair_unique').on(table.userLow, table.userHigh),
    index('connections_user_high_idx').on(table.userHigh),
  ],
);

/** A person's connection preference (decision 045): requests to them are accepted at once when on. */
export const connectionSettings = pgTable('connection_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  acceptAutomatically: boolean('accept_automatically').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
