import type { TeamKind } from '@huddle/shared/teams';
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { gameTypes } from '../game-types/game-types.schema.ts';
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
  team: { id: string; name: string; kind: TeamKind; visibility: string } | null;
}

/** An event with its place and team, as search hits read them. */
const eventHitQuery = (db: Database) =>
  db
    .select({
      event: events,
      place: { id: places.id, name: places.name, address: places.address, lat: places.lat, lng: places.lng },
      teamId: teams.id,
      teamName: teams.name,
      teamVisibility: teams.visibility,
      teamKind: teams.kind,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .leftJoin(teams, eq(teams.id, events.teamId))
    .$dynamic();

type EventHitQueryRow = Awaited<ReturnType<ReturnType<typeof eventHitQuery>['execute']>>[number];

const toEventHitRow = ({
  event,
  place,
  teamId,
  teamName,
  teamKind,
  teamVisibility,
}: EventHitQueryRow): EventHitRow => ({
  event,
  place,
  team:
    teamId && teamName !== null && teamKind !== null && teamVisibility !== null
      ? { id: teamId, name: teamName, kind: teamKind, visibility: teamVisibility }
      : null,
});

/** Public, not cancelled, with an occurrence still to come (spec §4 lists exclude the rest). */
export async function searchEventRows(
  db: Database,
  { text, now, limit }: { text: string; now: Date; limit: number },
): Promise<EventHitRow[]> {
  // The closest titles first, from the GiST trigram index (events_title_gist_idx, migration 0016):
  // by whole-title distance and by closest word, each cut at a few pages. Testing matchesText on
  // the GIN index instead returns every title sharing trigrams with the text ("pickup game 4242":
  // all 1,000,000 bench titles), all then sorted by similarity (10 s, decision 016).
  const candidateLimit = Math.max(limit * 3, 30);
  const closest = (distance: SQL) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(and(isNull(events.cancelledAt), eq(events.visibility, 'public'), gt(events.seriesEndsAt, now)))
      .orderBy(distance)
      .limit(candidateLimit);
  const [byTitle, byWord] = await Promise.all([
    closest(sql`${events.title} <-> ${text}`),
    closest(sql`${text} <<-> ${events.title}`),
  ]);
  const candidates = [...new Set([...byTitle, ...byWord].map((row) => row.id))];
  if (candidates.length === 0) return [];
  const rows = await eventHitQuery(db)
    .where(and(inArray(events.id, candidates), matchesText(events.title, text)))
    .orderBy(...bestMatchFirst(events.title, text), asc(events.startsAt))
    .limit(limit);
  return rows.map(toEventHitRow);
}

/**
 * A name with a word like the text (word similarity, `<%`), the one trigram test that finds
 * "Zilker Park Field 3" for "zilker" (or "zilkr"). Alone, not OR-ed with matchesText's other
 * two: the planner costs three bitmap scans above a sequential scan of 100,000 places, which
 * then runs the trigram functions on every row (about a second, bench:nearby).
 */
const hasWordLike = (column: AnyPgColumn, text: string) => sql`${text} <% ${column}`;
const bestWordFirst = (column: AnyPgColumn, text: string) => [
  desc(sql`word_similarity(${text}, ${column})`),
  desc(sql`similarity(${column}, ${text})`),
  asc(column),
];

/** How many places and teams a search takes the events of: the best-matching ones. */
const contextMatchLimit = 20;

/**
 * Events found by what they are played as and where and by whom (issue 11): of a game type whose
 * label matches the text ("soccer"), at one of the places whose name matches best ("zilker"), or
 * of one of the public teams whose name matches best. Each read is on its own index
 * (events_game_type_idx, events_place_idx, events_team_idx, after the trigram indexes of places
 * and teams) and takes the `limit` events whose series ends first: a one-off game's end follows its start, so these are the soonest; the caller
 * orders the union by the exact next date. Public, not cancelled, not over, as searchEventRows.
 */
export async function searchEventRowsByContext(
  db: Database,
  { text, now, limit }: { text: string; now: Date; limit: number },
): Promise<EventHitRow[]> {
  // The matching names first, as plain values: with a subquery in their place the planner walks
  // events in series-end order hoping for an early match, through every event when none matches.
  const [matchedPlaces, matchedTeams, matchedTypes] = await Promise.all([
    db
      .select({ id: places.id })
      .from(places)
      .where(hasWordLike(places.name, text))
      .orderBy(...bestWordFirst(places.name, text))
      .limit(contextMatchLimit),
    db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.visibility, 'public'), hasWordLike(teams.name, text)))
      .orderBy(...bestWordFirst(teams.name, text))
      .limit(contextMatchLimit),
    // Whole words only for game types: "ball" should not find every Basketball and Football game.
    db
      .select({ label: gameTypes.label })
      .from(gameTypes)
      .where(or(sql`lower(${gameTypes.label}) = lower(${text})`, sql`${text} <<% ${gameTypes.label}`)),
  ]);
  const read = (condition: SQL) =>
    eventHitQuery(db)
      .where(and(isNull(events.cancelledAt), eq(events.visibility, 'public'), gt(events.seriesEndsAt, now), condition))
      .orderBy(asc(events.seriesEndsAt), asc(events.id))
      .limit(limit);
  const batches = await Promise.all([
    matchedTypes.length > 0
      ? read(
          inArray(
            events.gameType,
            matchedTypes.map((type) => type.label),
          ),
        )
      : [],
    matchedPlaces.length > 0
      ? read(
          inArray(
            events.placeId,
            matchedPlaces.map((place) => place.id),
          ),
        )
      : [],
    matchedTeams.length > 0
      ? read(
          inArray(
            events.teamId,
            matchedTeams.map((team) => team.id),
          ),
        )
      : [],
  ]);
  const byId = new Map(batches.flat().map((row) => [row.event.id, row]));
  return [...byId.values()].map(toEventHitRow);
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
