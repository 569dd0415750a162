import type { WebsiteDocument, WebsiteMeta } from '@huddle/shared/websites';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * Issue 15: a team or community website. The draft is what the builder saves (checked by
 * websiteDocument on every save); `published` is a copy of a draft made by Publish, null while
 * the site is offline. `version` goes up on each save: a save based on an older one is refused.
 */
export const websites = pgTable(
  'websites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Spec §3 Website: creator. A team's site stays with the team if its creator's account goes. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    meta: jsonb('meta').$type<WebsiteMeta>().notNull(),
    draft: jsonb('draft').$type<WebsiteDocument>().notNull(),
    published: jsonb('published').$type<WebsiteDocument>(),
    /** The meta as published: previews show what visitors see, not an unpublished draft's. */
    publishedMeta: jsonb('published_meta').$type<WebsiteMeta>(),
    publishedVersion: integer('published_version'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A team has one website: organization/{teamId} shows it (spec §2).
  (table) => [index('websites_creator_idx').on(table.creatorId), uniqueIndex('websites_team_unique').on(table.teamId)],
);
export type WebsiteRow = typeof websites.$inferSelect;
