import type { BibColour, TeamSource } from '@huddle/shared/fair-teams';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { gameTypes } from '../game-types/game-types.schema.ts';

/** A team of a sheet: its look and its players' member keys (fair-teams.ts, memberKey). */
export interface StoredTeam {
  name: string;
  colour: BibColour;
  members: string[];
}

/**
 * The teams of one date of an event (issue 34 part 2, decision 077), keyed like parties by the
 * event and the occurrence's start. `version` goes up with every write, and every write says
 * which version it edits: a stale one changes nothing and answers 409, so two organizers editing
 * at once never overwrite each other silently. `published` is what players see: a copy taken at
 * publish, so the organizer may keep editing without showing half-made teams.
 */
export const eventTeamSheets = pgTable(
  'event_team_sheets',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
    source: text('source').$type<TeamSource>().notNull(),
    keepParties: boolean('keep_parties').notNull(),
    seed: integer('seed').notNull(),
    teams: jsonb('teams').$type<StoredTeam[]>().notNull(),
    locked: jsonb('locked').$type<string[]>().notNull().default([]),
    /** Member key → the position marked for this game. */
    positions: jsonb('positions').$type<Record<string, string>>().notNull().default({}),
    published: jsonb('published').$type<StoredTeam[]>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The version that was published: a later version means edits players do not see yet. */
    publishedVersion: integer('published_version'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrenceStartsAt] }),
    check('event_team_sheets_source_check', sql`${table.source} in ('joined', 'checkedIn')`),
    check('event_team_sheets_version_check', sql`${table.version} >= 1`),
  ],
);

/**
 * An organizer's private rating of a player for one game type (1-5). Only its rater ever reads
 * it: a co-organizer has their own, and no reply to anyone else carries it (decision 077).
 */
export const organizerRatings = pgTable(
  'organizer_ratings',
  {
    raterId: text('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: text('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameType: text('game_type')
      .notNull()
      .references(() => gameTypes.label),
    rating: smallint('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.raterId, table.gameType, table.playerId] }),
    check('organizer_ratings_rating_check', sql`${table.rating} between 1 and 5`),
    index('organizer_ratings_player_idx').on(table.playerId),
  ],
);
