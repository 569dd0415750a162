import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MatchSource } from '@huddle/shared/tournament-brackets';
import { users } from '../accounts/accounts.schema.ts';
import { registrations } from '../seasons/seasons.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/** Issue 16: a tournament a team or community runs (decision 050). */
export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    placeName: text('place_name'),
    courts: text('courts').array().notNull(),
    matchMinutes: integer('match_minutes').notNull(),
    pools: integer('pools').notNull().default(1),
    advancePerPool: integer('advance_per_pool').notNull().default(0),
    captainsEnterScores: boolean('captains_enter_scores').notNull().default(false),
    /** Bumped by every edit of the details: an edit made from an older version is refused (decision 055). */
    version: integer('version').notNull().default(0),
    /** Set when the schedule is generated; entrants are fixed from then on. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tournaments_team_idx').on(table.teamId, table.startsAt),
    check(
      'tournaments_format_check',
      sql`${table.format} in ('single_elimination', 'double_elimination', 'round_robin')`,
    ),
    check('tournaments_dates_check', sql`${table.endsAt} >= ${table.startsAt}`),
  ],
);

/** A side in a tournament: a team or a player, typed by hand or taken from a season registration. */
export const tournamentEntrants = pgTable(
  'tournament_entrants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 = top seed. */
    seed: integer('seed').notNull(),
    /** The registered player, who captains this side (enters its scores when the tournament allows). */
    captainId: text('captain_id').references(() => users.id, { onDelete: 'set null' }),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    pool: integer('pool'),
  },
  (table) => [
    uniqueIndex('tournament_entrants_seed_unique').on(table.tournamentId, table.seed),
    index('tournament_entrants_captain_idx').on(table.captainId),
  ],
);

export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    stage: text('stage').notNull(),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    pool: integer('pool'),
    homeSource: jsonb('home_source').$type<MatchSource>().notNull(),
    awaySource: jsonb('away_source').$type<MatchSource>().notNull(),
    homeEntrantId: uuid('home_entrant_id').references(() => tournamentEntrants.id, { onDelete: 'cascade' }),
    awayEntrantId: uuid('away_entrant_id').references(() => tournamentEntrants.id, { onDelete: 'cascade' }),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    winnerEntrantId: uuid('winner_entrant_id').references(() => tournamentEntrants.id, { onDelete: 'cascade' }),
    court: text('court').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Bumped by every score entry: a score sent for an older version is refused (decision 050). */
    version: integer('version').notNull().default(0),
    scoredBy: text('scored_by').references(() => users.id, { onDelete: 'set null' }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('tournament_matches_key_unique').on(table.tournamentId, table.key),
    check('tournament_matches_stage_check', sql`${table.stage} in ('winners', 'losers', 'final', 'pool', 'knockout')`),
  ],
);
