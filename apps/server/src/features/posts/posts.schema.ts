import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Issue 16, spec §3 Post: a post on the board under one of the fixed categories (slugs from
 * @huddle/shared/posts, checked on every write). Its position is the author's city when it was
 * written (decision 042), so "near you first" is one KNN read. Deleting sets deletedAt: the post
 * leaves the board, and reports on it stay for the admin queue.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    place: text('place'),
    date: date('date', { mode: 'string' }),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    cityName: text('city_name'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('posts_position_check', sql`(${table.lat} is null) = (${table.lng} is null)`),
    index('posts_board_idx')
      .on(table.category, table.subcategory, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    index('posts_created_idx')
      .on(table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    index('posts_author_idx').on(table.authorId),
    // Nearest first (KNN on the earth point, as places and events; decision 009).
    index('posts_earth_idx')
      .using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`)
      .where(sql`${table.deletedAt} is null and ${table.lat} is not null`),
    // Search in the title and the text (pg_trgm answers ilike '%words%').
    index('posts_search_trgm_idx')
      .using('gin', sql`(${table.title} || ' ' || ${table.text}) gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** A reply in a post's thread; parentId points at a top-level reply (one level deep). */
export const postReplies = pgTable(
  'post_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => postReplies.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_replies_post_idx').on(table.postId, table.createdAt)],
);

/** A person's report of a post, for the admin queue (admin issue): once per person and post. */
export const postReports = pgTable(
  'post_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin dealt with it (issue 17): dismissed, or the post removed; null is in the queue. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** 'dismissed' or 'removed', with handledAt. */
    outcome: text('outcome'),
  },
  (table) => [
    check('post_reports_outcome_check', sql`(${table.outcome} is null) = (${table.handledAt} is null)`),
    uniqueIndex('post_reports_reporter_post_unique').on(table.postId, table.reporterId),
    index('post_reports_created_idx').on(table.createdAt),
  ],
);
