import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { places } from '../places/places.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * Discovery owns no table: it reads the other features' tables to rank matches across them
 * (full-search) and to find people near a point. Read-only.
 */

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (character) => `\\${character}`)}%`;

/**
 * A name matches when it contains the text, has a word close to it (`<%`, word similarity) or
 * is close to it as a whole (`%`, similarity: "kickabuot" finds "Kickabout"). All three use the
 * trigram GIN index of the column (migration 0009).
 */
const matchesText = (column: AnyPgColumn, text: string): SQL | undefined =>
  or(ilike(column, likePattern(text)), sql`${text} <% ${column}`, sql`${column} % ${text}`);

/** Best first: the whole name closest to the text (an exact name is 1), then the best word match. */
const bestMatchFirst = (column: AnyPgColumn, text: string) => [
  desc(sql`similarity(${column}, ${text})`),
  desc(sql`word_similarity(${text}, ${column})`),
  asc(column),
];

export interface EventHitRow {
  event: typeof events.$inferSelect;
  place: { id: string; name: string; address: string; lat: number; lng: number };
  team: { id: string; name: string; visibility: string } | null;
}

/** Public, not cancelled, with an occurrence still to come (spec §4 lists exclude the rest). */
export async function searchEventRows(
  db: Database,
  { text, now, limit }: { text: string; now: Date; limit: number },
): Promise<EventHitRow[]> {
  const rows = await db
    .select({
      event: events,
      place: { id: places.id, name: places.name, address: places.address, lat: places.lat, lng: places.lng },
      teamId: teams.id,
      teamName: teams.name,
      teamVisibility: teams.visibility,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .leftJoin(teams, eq(teams.id, events.teamId))
    .where(
      and(
        isNull(events.cancelledAt),
        eq(events.visibility, 'public'),
        gt(events.seriesEndsAt, now),
        matchesText(events.title, text),
      ),
    )
    .orderBy(...bestMatchFirst(events.title, text), asc(events.startsAt))
    .limit(limit);
  return rows.map(({ event, place, teamId, teamName, teamVisibility }) => ({
    event,
    place,
    team:
      teamId && teamName !== null && teamVisibility !== null
        ? { id: teamId, name: teamName, visibility: teamVisibility }
        : null,
  }));
}

/** Public teams and communities only: a private team does not exist for outsiders (spec §2). */
export async function searchTeamRows(db: Database, { text, limit }: { text: string; limit: number }) {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      kind: teams.kind,
      gameType: teams.gameType,
      city: teams.cityName,
      photoURL: teams.photoUrl,
    })
    .from(teams)
    .where(and(eq(teams.visibility, 'public'), matchesText(teams.name, text)))
    .orderBy(...bestMatchFirst(teams.name, text))
    .limit(limit);
}

/** Only what a public profile shows: display name, photo and city. */
const playerColumns = { id: users.id, name: users.name, image: users.image, city: users.defaultCityName };

/** Players by display name (never the full name or email, which are private). */
export async function searchPlayerRows(
  db: Database,
  { text, excludeIds, limit }: { text: string; excludeIds: string[]; limit: number },
) {
  return db
    .select(playerColumns)
    .from(users)
    .where(and(matchesText(users.name, text), excludeIds.length > 0 ? notInArray(users.id, excludeIds) : undefined))
    .orderBy(...bestMatchFirst(users.name, text))
    .limit(limit);
}

/**
 * Players whose default city is nearest to the point. The KNN operator over
 * ll_to_earth(default_city_lat, default_city_lng) is what users_earth_idx (a partial GiST index
 * on players with a city) orders by, so the first rows come straight from the index.
 */
export async function nearbyPlayerRows(
  db: Database,
  { lat, lng, excludeIds, limit }: { lat: number; lng: number; excludeIds: string[]; limit: number },
) {
  const here = sql`ll_to_earth(${lat}, ${lng})`;
  const home = sql`ll_to_earth(${users.defaultCityLat}, ${users.defaultCityLng})`;
  return db
    .select({ ...playerColumns, distanceKm: sql<number>`earth_distance(${home}, ${here}) / 1000`.mapWith(Number) })
    .from(users)
    .where(
      and(
        isNotNull(users.defaultCityLat),
        isNotNull(users.defaultCityLng),
        excludeIds.length > 0 ? notInArray(users.id, excludeIds) : undefined,
      ),
    )
    .orderBy(sql`${home} <-> ${here}`)
    .limit(limit);
}
