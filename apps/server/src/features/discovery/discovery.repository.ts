import type { TeamKind } from '@huddle/shared/teams';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
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

/**
 * A full-search text as the database matches it (migration 0051, decision 071): text search
 * queries over the rows' precomputed search documents, and the text as trigrams rank against.
 */
export interface SearchTerms {
  /** Every word of the text, each or'ed with the known words it begins and those like it (a tsquery). */
  everyWord: string;
  /** Every word, in a place's name (weight A) and not its address: the events of a place. */
  everyWordInName: string;
  /** The text lower-cased and without accents, as the documents hold their words. */
  text: string;
}

/** The text's search queries, or undefined when it holds no word ("--"), which nothing matches. */
export async function searchTermsOf(db: Database, text: string): Promise<SearchTerms | undefined> {
  const { rows } = await db.execute<{ everyWord: string | null; everyWordInName: string | null; text: string }>(
    sql`select huddle_search_query(${text}, true)::text as "everyWord",
               huddle_search_query(${text}, true, 'A')::text as "everyWordInName", huddle_search_text(${text}) as "text"`,
  );
  const [terms] = rows;
  if (!terms?.everyWord || !terms.everyWordInName) return undefined;
  return { everyWord: terms.everyWord, everyWordInName: terms.everyWordInName, text: terms.text };
}

/**
 * The search document (a tsvector column kept by the database, migration 0051) matches the query.
 * The query is a scalar subquery so the planner cannot see it and plans for a few matches: the
 * GIN index then. Seeing it, a word it thinks common ("pickup" & "game" & "4242") sends it down
 * events_series_ends_idx or a sequential scan hoping for early matches, through every row when
 * the rare word has one match (12 s at 1,000,000 events, decision 071).
 */
const documentMatches = (table: 'events' | 'places' | 'teams' | 'users', query: string) =>
  sql`${sql.identifier(table)}.search_document @@ (select ${query}::tsquery)`;

/** A name as its search document holds it: lower-cased, without accents. */
const searchable = (column: AnyPgColumn) => sql`huddle_search_text(${column})`;

/**
 * How many matching rows a search ranks at most. A GIN index finds the matches but cannot order
 * them by closeness or date; ranking a bounded set keeps a word that half the rows have ("game")
 * from costing half a million rows read and sorted. When more rows match (a text of common words
 * only), the pool is the first ones the index hands over, not the soonest (decision 071).
 */
const candidatePoolSize = 200;

/** Best first: the whole name closest to the text (an exact name is 1), then the best word match. */
const bestMatchFirst = (column: AnyPgColumn, text: string) => [
  desc(sql`similarity(${searchable(column)}, ${text})`),
  desc(sql`word_similarity(${text}, ${searchable(column)})`),
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
  { terms, now, limit }: { terms: SearchTerms; now: Date; limit: number },
): Promise<EventHitRow[]> {
  // The titles with every word, from events_search_idx: with a rare word ("4242") GIN skips
  // through the common words' lists by it, so the read is as small as the rarest word.
  const candidates = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNull(events.cancelledAt),
        eq(events.visibility, 'public'),
        gt(events.seriesEndsAt, now),
        documentMatches('events', terms.everyWord),
      ),
    )
    .limit(candidatePoolSize);
  if (candidates.length === 0) return [];
  const rows = await eventHitQuery(db)
    .where(
      inArray(
        events.id,
        candidates.map((row) => row.id),
      ),
    )
    .orderBy(...bestMatchFirst(events.title, terms.text), asc(events.startsAt))
    .limit(limit);
  return rows.map(toEventHitRow);
}

/** Best first by the closest word (a place or team is found by one word of its name: "zilker"). */
const bestWordFirst = (column: AnyPgColumn, text: string) => [
  desc(sql`word_similarity(${text}, ${searchable(column)})`),
  desc(sql`similarity(${searchable(column)}, ${text})`),
  asc(column),
];

/** How many places and teams a search takes the events of: the best-matching ones. */
const contextMatchLimit = 20;

/**
 * Events found by what they are played as and where and by whom (issue 11): of a game type whose
 * label matches the text ("soccer"), at one of the places whose name matches best ("zilker"), or
 * of one of the public teams whose name matches best. Each read is on its own index
 * (events_game_type_idx, events_place_idx, events_team_idx, after the search documents of places
 * and teams) and takes the `limit` events whose series ends first: a one-off game's end follows
 * its start, so these are the soonest; the caller orders the union by the exact next date.
 * Public, not cancelled, not over, as searchEventRows.
 */
export async function searchEventRowsByContext(
  db: Database,
  { text, terms, now, limit }: { text: string; terms: SearchTerms; now: Date; limit: number },
): Promise<EventHitRow[]> {
  // The matching names first, as plain values: with a subquery in their place the planner walks
  // events in series-end order hoping for an early match, through every event when none matches.
  const placePool = db
    .select({ id: places.id, name: places.name })
    .from(places)
    .where(documentMatches('places', terms.everyWordInName))
    .limit(candidatePoolSize)
    .as('place_pool');
  const teamPool = db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.visibility, 'public'), documentMatches('teams', terms.everyWord)))
    .limit(candidatePoolSize)
    .as('team_pool');
  const [matchedPlaces, matchedTeams, matchedTypes] = await Promise.all([
    db
      .select({ id: placePool.id })
      .from(placePool)
      .orderBy(...bestWordFirst(placePool.name, terms.text))
      .limit(contextMatchLimit),
    db
      .select({ id: teamPool.id })
      .from(teamPool)
      .orderBy(...bestWordFirst(teamPool.name, terms.text))
      .limit(contextMatchLimit),
    // Whole words only for game types: "ball" should not find every Basketball and Football game.
    // A few dozen labels: read whole, no index needed.
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
export async function searchTeamRows(db: Database, { terms, limit }: { terms: SearchTerms; limit: number }) {
  const pool = db
    .select({
      id: teams.id,
      name: teams.name,
      kind: teams.kind,
      gameType: teams.gameType,
      city: teams.cityName,
      photoURL: teams.photoUrl,
    })
    .from(teams)
    .where(and(eq(teams.visibility, 'public'), documentMatches('teams', terms.everyWord)))
    .limit(candidatePoolSize)
    .as('team_pool');
  return db
    .select()
    .from(pool)
    .orderBy(...bestMatchFirst(pool.name, terms.text))
    .limit(limit);
}

/**
 * Places for full-search, best match first: the name or the address has every word
 * (places_search_idx). The places feature's mapper shapes them, as events' does for events.
 */
export async function searchPlaceRowsByTerms(db: Database, { terms, limit }: { terms: SearchTerms; limit: number }) {
  const pool = db
    .select()
    .from(places)
    .where(documentMatches('places', terms.everyWord))
    .limit(candidatePoolSize)
    .as('place_pool');
  return db
    .select()
    .from(pool)
    .orderBy(...bestMatchFirst(pool.name, terms.text))
    .limit(limit);
}

/** Only what a public profile shows: display name, photo and city. */
const playerColumns = { id: users.id, name: users.name, image: users.image, city: users.defaultCityName };

/** Players by display name (never the full name or email, which are private: users_search_idx holds the display name only). */
export async function searchPlayerRows(
  db: Database,
  { terms, excludeIds, limit }: { terms: SearchTerms; excludeIds: string[]; limit: number },
) {
  const pool = db
    .select(playerColumns)
    .from(users)
    .where(
      and(
        documentMatches('users', terms.everyWord),
        excludeIds.length > 0 ? notInArray(users.id, excludeIds) : undefined,
      ),
    )
    .limit(candidatePoolSize)
    .as('player_pool');
  return db
    .select()
    .from(pool)
    .orderBy(...bestMatchFirst(pool.name, terms.text))
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
