import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { unregisteredUsers, users } from '../accounts/accounts.schema.ts';
import { teams } from '../teams/teams.schema.ts';

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }).notNull(),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity'),
    feeCents: integer('fee_cents'),
    status: text('status').notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('seasons_team_idx').on(table.teamId),
    check('seasons_dates_check', sql`${table.endsOn} >= ${table.startsOn}`),
    check('seasons_status_check', sql`${table.status} in ('draft', 'published', 'archived')`),
  ],
);

export const seasonGroups = pgTable(
  'season_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('season_groups_season_idx').on(table.seasonId)],
);

/** The dated meetings of a season; the events slice turns them into schedule events. */
export const seasonSessions = pgTable(
  'season_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    title: text('title'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('season_sessions_season_idx').on(table.seasonId, table.startsAt)],
);

/** Spec §3 Registration: teamId and seasonId, for a user or a guest, one per email and season. */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').references(() => unregisteredUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    groupId: uuid('group_id').references(() => seasonGroups.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('registrations_season_email_unique').on(table.seasonId, table.email),
    index('registrations_email_idx').on(table.email),
    // A player's own registrations (the seasons badge, decision 064).
    index('registrations_user_idx').on(table.userId),
    check('registrations_status_check', sql`${table.status} in ('pending', 'approved')`),
  ],
);
