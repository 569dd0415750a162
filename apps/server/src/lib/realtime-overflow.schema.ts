import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Realtime bus messages too big for a PostgreSQL NOTIFY (8000 bytes): the payload waits here
 * and the notification carries only its id (lib/realtime-bus.ts). Rows are read at once by
 * every instance and swept after a few minutes.
 */
export const realtimeOverflow = pgTable('realtime_overflow', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  payload: text('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
