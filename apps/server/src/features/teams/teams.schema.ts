import type { TeamKind } from '@huddle/shared/teams';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/** A team or a community (issue 4). The owner is the member with role 'owner'. */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TeamKind>().notNull(),
    name: text('name').notNull(),
    gameType: text('game_type').notNull(),
    description: text('description'),
    /** IANA zone of the team's sessions (issue 11); null for teams made before it existed. */
    timeZone: text('time_zone'),
    cityName: text('city_name'),
    cityLat: doublePrecision('city_lat'),
    cityLng: doublePrecision('city_lng'),
    cityGeohash: text('city_geohash'),
    photoUrl: text('photo_url'),
    joinPolicy: text('join_policy').notNull(),
    visibility: text('visibility').notNull(),
    /** Spec §4: the plan tier; every team starts on the free 'Rookie'. */
    subscription: text('subscription').notNull().default('Rookie'),
    /** Spec §2: the team website guard needs a creator. Kept when the creator's account goes. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('teams_kind_check', sql`${table.kind} in ('team', 'community')`),
    check('teams_join_policy_check', sql`${table.joinPolicy} in ('open', 'request', 'invite')`),
    check('teams_visibility_check', sql`${table.visibility} in ('public', 'private')`),
    index('teams_city_geohash_idx').on(table.cityGeohash),
    index('teams_name_lower_idx').on(sql`lower(${table.name})`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
    check('team_members_role_check', sql`${table.role} in ('owner', 'organizer', 'player', 'substitute')`),
    // Exactly one owner per team is kept by the service; at most one is kept here.
    uniqueIndex('team_members_one_owner')
      .on(table.teamId)
      .where(sql`${table.role} = 'owner'`),
  ],
);

export const teamJoinRequests = pgTable(
  'team_join_requests',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

/** External teams: followed without being a member. */
export const teamFollows = pgTable(
  'team_follows',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] }), index('team_follows_user_idx').on(table.userId)],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    email: text('email'),
    role: text('role').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    acceptedCount: integer('accepted_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_invitations_token_unique').on(table.token),
    index('team_invitations_team_idx').on(table.teamId),
  ],
);

/** Spec §3: per-team topic settings in the notification settings; no row means both on. */
export const teamNotificationTopics = pgTable(
  'team_notification_topics',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

/** Spec §4 mailer requests; kept to send each template at most once a day per person. */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_requests_user_template_idx').on(table.userId, table.template, table.createdAt)],
);

/** start/ambassador applications; admins read them newest first and mark them handled (decision 051). */
export const ambassadorApplications = pgTable(
  'ambassador_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    city: text('city').notNull(),
    sports: text('sports'),
    motivation: text('motivation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: still to handle. Who handled it is in the admin audit log. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [index('ambassador_applications_created_at_idx').on(table.createdAt)],
);
