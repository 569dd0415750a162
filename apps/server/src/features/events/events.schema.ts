import { defaultMaxGuestFriends, maxFriends } from '@huddle/shared/events';
import {
  defaultRefundDeadlineHours,
  refundDeadlineChoices,
  type RefundAfterDeadline,
} from '@huddle/shared/refund-policy';
import { substituteHoursBefore, substituteRadius } from '@huddle/shared/substitutes';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { unregisteredUsers, users } from '../accounts/accounts.schema.ts';
import { gameTypes } from '../game-types/game-types.schema.ts';
import { places } from '../places/places.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * A game or event (spec §3 Event). Times are instants; timeZone is the IANA zone the event is
 * held in, so a weekly 18:00 game stays at 18:00 local across daylight-saving changes.
 * lat/lng are copied from the place so "nearest first" reads one table through one index.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Spec §2: the parent team of a team event. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'restrict' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    geohash: text('geohash').notNull(),
    title: text('title').notNull(),
    gameType: text('game_type')
      .notNull()
      .references(() => gameTypes.label),
    description: text('description'),
    timeZone: text('time_zone').notNull(),
    /** The first occurrence. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Weekly repeat: ISO weekdays 1 (Monday) to 7, ending on a local date or after a count. */
    repeatWeekdays: smallint('repeat_weekdays').array(),
    repeatUntil: date('repeat_until'),
    repeatCount: integer('repeat_count'),
    /** End of the last occurrence: "future" means seriesEndsAt is after now (spec §4). */
    seriesEndsAt: timestamp('series_ends_at', { withTimezone: true }).notNull(),
    slots: integer('slots').notNull(),
    skillLevel: text('skill_level').notNull().default('all'),
    /** Who can play (decision 022); 'Any' is open to everyone. */
    gender: text('gender').notNull().default('Any'),
    visibility: text('visibility').notNull().default('public'),
    priceCents: integer('price_cents'),
    /**
     * The refund policy of a priced event (decision 035): leaving more than this many hours
     * before a date refunds in full (0 = until the start); later, 'none' or 'credit'. The
     * defaults are the fixed rule paid games had before (decision 033).
     */
    refundDeadlineHours: integer('refund_deadline_hours').notNull().default(defaultRefundDeadlineHours),
    refundAfterDeadline: text('refund_after_deadline').$type<RefundAfterDeadline>().notNull().default('none'),
    /** Organizer's choice: a freed slot goes straight to the first waiting party that fits. */
    autoPromote: boolean('auto_promote').notNull().default(false),
    /** Organizer's choice: the most friends a guest (no account) brings in one join (issue 10). */
    maxGuestFriends: integer('max_guest_friends').notNull().default(defaultMaxGuestFriends),
    /**
     * Organizer's choice (issue 12, decision 028): invite substitutes when a date is short of
     * players this many hours before it starts, from this far around the place. Off by default.
     */
    substitutesEnabled: boolean('substitutes_enabled').notNull().default(false),
    substituteHoursBefore: integer('substitute_hours_before').notNull().default(substituteHoursBefore.default),
    substituteRadius: integer('substitute_radius').notNull().default(substituteRadius.default),
    substituteRadiusUnit: text('substitute_radius_unit').notNull().default('mi'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('events_times_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('events_slots_check', sql`${table.slots} between 1 and 1000`),
    check('events_max_guest_friends_check', sql`${table.maxGuestFriends} between 0 and ${sql.raw(String(maxFriends))}`),
    check(
      'events_substitute_hours_check',
      sql`${table.substituteHoursBefore} between ${sql.raw(String(substituteHoursBefore.min))} and ${sql.raw(String(substituteHoursBefore.max))}`,
    ),
    check(
      'events_substitute_radius_check',
      sql`${table.substituteRadius} between ${sql.raw(String(substituteRadius.min))} and ${sql.raw(String(substituteRadius.max))}`,
    ),
    check(
      'events_refund_deadline_check',
      sql`${table.refundDeadlineHours} in (${sql.raw(refundDeadlineChoices.join(', '))})`,
    ),
    check('events_refund_after_deadline_check', sql`${table.refundAfterDeadline} in ('none', 'credit')`),
    check('events_substitute_radius_unit_check', sql`${table.substituteRadiusUnit} in ('mi', 'km')`),
    // The substitute scan looks only at events that asked for it.
    index('events_substitutes_idx')
      .on(table.seriesEndsAt)
      .where(sql`${table.substitutesEnabled} and ${table.cancelledAt} is null`),
    check('events_skill_level_check', sql`${table.skillLevel} in ('all', 'beginner', 'intermediate', 'advanced')`),
    check('events_gender_check', sql`${table.gender} in ('Any', 'Women', 'Men', 'Coed')`),
    check('events_visibility_check', sql`${table.visibility} in ('public', 'team')`),
    check('events_team_visibility_check', sql`${table.visibility} = 'public' or ${table.teamId} is not null`),
    check('events_lat_check', sql`${table.lat} between -90 and 90`),
    check('events_lng_check', sql`${table.lng} between -180 and 180`),
    index('events_creator_idx').on(table.creatorId),
    index('events_team_idx').on(table.teamId),
    index('events_place_idx').on(table.placeId, table.seriesEndsAt),
    index('events_series_ends_idx').on(table.seriesEndsAt),
    // Full-search by game type (issue 11): the public games of a type, the ones ending first first.
    index('events_game_type_idx')
      .on(table.gameType, table.seriesEndsAt)
      .where(sql`${table.cancelledAt} is null and ${table.visibility} = 'public'`),
  ],
);

/**
 * A party on one occurrence of an event: a user or a guest, bringing `partySize - 1` friends.
 * Status joined holds slots; waitlisted waits in `position` order; offered holds its slots until
 * offerExpiresAt, then the offer moves on (events service); held holds the slots of a paid game
 * while its Stripe Checkout is open (decision 033), offerExpiresAt being the Checkout's expiry.
 */
export const eventParties = pgTable(
  'event_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').references(() => unregisteredUsers.id, { onDelete: 'cascade' }),
    partySize: integer('party_size').notNull().default(1),
    status: text('status').notNull(),
    /** Waitlist order; organizers reorder by rewriting positions. */
    position: integer('position').notNull(),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('event_parties_who_check', sql`(${table.userId} is null) <> (${table.guestId} is null)`),
    check('event_parties_size_check', sql`${table.partySize} between 1 and 10`),
    check('event_parties_status_check', sql`${table.status} in ('joined', 'waitlisted', 'offered', 'held')`),
    uniqueIndex('event_parties_user_unique').on(table.eventId, table.occurrenceStartsAt, table.userId),
    uniqueIndex('event_parties_guest_unique').on(table.eventId, table.occurrenceStartsAt, table.guestId),
    index('event_parties_occurrence_idx').on(table.eventId, table.occurrenceStartsAt, table.status, table.position),
    index('event_parties_user_idx').on(table.userId),
    // The periodic sweep looks only at live offers past their deadline (events waitlist service).
    index('event_parties_offer_expiry_idx')
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'offered'`),
  ],
);

/**
 * When a party's occurrence ends, for queries that join event_parties to events: every
 * occurrence lasts as long as the event's first one.
 */
export const partyOccurrenceEnd = sql`${eventParties.occurrenceStartsAt} + (${events.endsAt} - ${events.startsAt})`;

/** Spec §3 Favorites: a user's favourite events; the count shows on the event. */
export const eventFavorites = pgTable(
  'event_favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.eventId] }),
    index('event_favorites_event_idx').on(table.eventId),
  ],
);

/**
 * One date of a series the organizer called off (issue 11): the series goes on, this date does
 * not. Its parties stay (they show the date as cancelled, calendar feeds mark it), joins are refused.
 */
export const eventOccurrenceCancellations = pgTable(
  'event_occurrence_cancellations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrenceStartsAt] })],
);

/**
 * Who came to a date, as the organizer marked it after the start (issue 11). Profiles count the
 * 'present' rows as games played (games-played.service.ts).
 */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrenceStartsAt, table.userId] }),
    check('event_attendance_status_check', sql`${table.status} in ('present', 'no_show')`),
    index('event_attendance_user_idx').on(table.userId, table.status),
  ],
);

/**
 * Messages an organizer sent to a date's players (issue 11): kept to rate-limit them (a few per
 * event per hour) and to show what was sent.
 */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStartsAt: timestamp('occurrence_starts_at', { withTimezone: true }).notNull(),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    audience: text('audience').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('event_messages_audience_check', sql`${table.audience} in ('joined', 'waiting', 'both')`),
    index('event_messages_event_idx').on(table.eventId, table.sentAt),
  ],
);
