import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * A court, field or venue (spec §2 places/*). The geohash is computed by the web app (spec §7)
 * and checked by the server against lat/lng. Nearby and bounds queries use the earthdistance
 * GiST index (migration 0009), which the embedded and any PostgreSQL 15+ provide.
 */
export const places = pgTable(
  'places',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    geohash: text('geohash').notNull(),
    description: text('description'),
    /** Owners edit their places; admins edit any (spec §2 places/edit). Kept when the account goes. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('places_lat_check', sql`${table.lat} between -90 and 90`),
    check('places_lng_check', sql`${table.lng} between -180 and 180`),
    index('places_geohash_idx').on(table.geohash),
    index('places_lat_lng_idx').on(table.lat, table.lng),
  ],
);

/** "I'm at the court now": one live check-in per user, ending by itself at endsAt. */
export const placeCheckins = pgTable(
  'place_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('place_checkins_user_unique').on(table.userId),
    index('place_checkins_place_idx').on(table.placeId, table.endsAt),
  ],
);
