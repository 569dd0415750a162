import { defaultNotificationSettings, type NotificationSettings } from '@huddle/shared/users';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The person (spec §3, User). Better Auth owns id, name, email, emailVerified, image
 * and the timestamps; the rest is Huddle's profile, filled by database defaults so an
 * account created by any sign-in method starts with the spec's defaults (§9).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** The display name; empty means the person has not chosen one ('Unnamed Player'). */
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),

    fullName: text('full_name'),
    bio: text('bio'),
    pronouns: text('pronouns'),
    /** Optional, private (decision 022): 'Woman', 'Man' or 'Non-binary'. */
    gender: text('gender'),
    joinReason: text('join_reason'),
    /** The player's own 1-5 rating of their level (profile form); fair teams balance by it (decision 077). */
    selfRatedLevel: smallint('self_rated_level'),
    games: text('games')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    defaultCityName: text('default_city_name'),
    defaultCityLat: doublePrecision('default_city_lat'),
    defaultCityLng: doublePrecision('default_city_lng'),
    defaultCityGeohash: text('default_city_geohash'),
    hasAdditionalInfo: boolean('has_additional_info').notNull().default(false),
    feedbackSubmitted: boolean('feedback_submitted').notNull().default(false),
    subscription: text('subscription').notNull().default('Free'),
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default(defaultNotificationSettings),
    /** When the person last saved their notification settings: the home task to set them goes (spec §9). */
    notificationSettingsSavedAt: timestamp('notification_settings_saved_at', { withTimezone: true }),
    messagesFromAnyone: boolean('messages_from_anyone').notNull().default(true),
    publicBadges: boolean('public_badges').notNull().default(true),
    publicOnlineStatus: boolean('public_online_status').notNull().default(true),
    publicUpcomingGames: boolean('public_upcoming_games').notNull().default(true),
    /** 'mi' or 'km' once the person chooses (Settings > General); null follows their city's country. */
    distanceUnit: text('distance_unit'),
    /** Usage analytics may count this person's visits (Settings > General; decision 052). On by default, like Huddle's other sharing switches. */
    usageAnalytics: boolean('usage_analytics').notNull().default(true),
    /** The organizer's connected Stripe account (spec §3 payment-account fields; decision 029). */
    stripeId: text('stripe_id'),
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    stripeDetailsSubmitted: boolean('stripe_details_submitted').notNull().default(false),
    /** 'admin' opens the admin area (issue 17); everyone else is 'user'. */
    role: text('role').notNull().default('user'),
    /** Set by an admin: the account cannot sign in and has no sessions while this is set. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [
    check('users_distance_unit_check', sql`${table.distanceUnit} in ('mi', 'km')`),
    check('users_self_rated_level_check', sql`${table.selfRatedLevel} between 1 and 5`),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_gender_check', sql`${table.gender} in ('Woman', 'Man', 'Non-binary')`),
    uniqueIndex('users_email_unique').on(table.email),
    index('users_default_city_geohash_idx').on(table.defaultCityGeohash),
    // One Stripe account pays out to one person: linking someone else's account fails.
    uniqueIndex('users_stripe_id_unique').on(table.stripeId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sessions_token_unique').on(table.token), index('sessions_user_id_idx').on(table.userId)],
);

/** Sign-in methods: 'credential' holds the password hash; social providers come later. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_accounts_user_id_idx').on(table.userId),
    uniqueIndex('auth_accounts_provider_account_unique').on(table.providerId, table.accountId),
  ],
);

/** One-time tokens: password resets now, email verification later. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Guests (spec §1, §5): people who joined an event or answered a form with a name and an
 * email but have no account. An account with the same, verified email claims them (accounts service).
 */
export const unregisteredUsers = pgTable(
  'unregistered_users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('unregistered_users_email_unique').on(table.email)],
);

/**
 * When an account without a password was last mailed a link to set one because someone tried
 * to sign in with a password (spec §5). One row per account; the mail goes at most hourly.
 */
export const passwordSetupMails = pgTable('password_setup_mails', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
