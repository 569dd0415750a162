import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Spec §2 home, "a community sale banner": what admins announce (issue 17, decision 051). Home
 * shows the current one: active, started, not ended; of several, the one that started last.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    headline: text('headline').notNull(),
    text: text('text').notNull().default(''),
    linkUrl: text('link_url'),
    linkLabel: text('link_label').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promotions_window_check', sql`${table.endsAt} > ${table.startsAt}`),
    // The public config asks for the current one on every read: the active ones by start.
    index('promotions_current_idx')
      .on(table.startsAt, table.endsAt)
      .where(sql`${table.active}`),
  ],
);
