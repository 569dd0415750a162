import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from '../teams/teams.schema.ts';

/**
 * Issue 16, "Partners": venues, shops, coaches and leagues Huddle works with (types from
 * @huddle/shared/partners). Admins manage them (issue 17); the public sees the preferred ones
 * (decision 048). A league may link a team: its upcoming events make it an events partner.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    websiteUrl: text('website_url'),
    cityName: text('city_name'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    preferred: boolean('preferred').notNull().default(true),
    // A deleted team leaves the partner in place, without events.
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('partners_type_check', sql`${table.type} in ('venue', 'shop', 'coach', 'league')`),
    check('partners_position_check', sql`(${table.lat} is null) = (${table.lng} is null)`),
    index('partners_type_idx')
      .on(table.type, table.name)
      .where(sql`${table.preferred}`),
    // Nearest first (KNN on the earth point, as places, events and posts; decision 009).
    index('partners_earth_idx')
      .using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`)
      .where(sql`${table.preferred} and ${table.lat} is not null`),
  ],
);

/** An offer of a partner, shown between validFrom and validUntil (either open-ended when null). */
export const partnerOffers = pgTable(
  'partner_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    code: text('code'),
    url: text('url'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'partner_offers_window_check',
      sql`${table.validFrom} is null or ${table.validUntil} is null or ${table.validUntil} > ${table.validFrom}`,
    ),
    index('partner_offers_partner_idx').on(table.partnerId, table.validUntil),
  ],
);
