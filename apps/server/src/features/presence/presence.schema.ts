import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Spec §3, §4 presence: a row per open realtime connection. A person is online while a
 * fresh row exists; each instance refreshes its own rows, so a crashed instance's rows
 * simply go stale.
 */
export const presenceConnections = pgTable(
  'presence_connections',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The signed-in session holding the socket: signing out ends that session's sockets only. */
    sessionId: text('session_id'),
    instanceId: text('instance_id').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('presence_connections_user_idx').on(table.userId),
    index('presence_connections_instance_idx').on(table.instanceId),
  ],
);
