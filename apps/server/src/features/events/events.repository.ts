import type { Bounds, LatLng } from '@huddle/shared/places';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { unregisteredUsers, users } from '../accounts/accounts.schema.ts';
import { places } from '../places/places.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { eventFavorites, eventParties, events } from './events.schema.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PartyRow = typeof eventParties.$inferSelect;

/** Runs `work` in one transaction; everything it does commits together or not at all. */
export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

/**
 * Locks the event row until the transaction ends: every change to its parties takes this lock
 * first, so two joins never both count the same free slot. NO KEY UPDATE is enough to serialize
 * them and still lets favourites and other rows that reference the event be written meanwhile.
 */
export async function lockEvent(tx: Database, eventId: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
  return row;
}

export async function findEvent(db: Database, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

export async function insertEvent(db: Database, event: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(events).values(event).returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

export async function updateEventRow(
  db: Database,
  eventId: string,
  changes: Partial<NewEvent> & { updatedAt: Date },
): Promise<void> {
  await db.update(events).set(changes).where(eq(events.id, eventId));
}

/** The place an event is held at; its coordinates are copied onto the event. */
export async function findPlaceRow(db: Database, placeId: string) {
  const [row] = await db
    .select({ id: places.id, lat: places.lat, lng: places.lng, geohash: places.geohash })
    .from(places)
    .where(eq(places.id, placeId))
    .limit(1);
  return row;
}

// ---- Lists ---------------------------------------------------------------------------------

/** What a list shows of an event: the row, its place and its team. */
export interface EventListRow {
  event: EventRow;
  place: { id: string; name: string; address: string; lat: number; lng: number };
  team: { id: string; name: string; visibility: string } | null;
  distanceKm: number | null;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const earthOf = (point: LatLng) => sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
const eventEarth = sql`ll_to_earth(${events.lat}, ${events.lng})`;
/**
 * The KNN operator: ORDER BY this alone lets the events_earth_idx GiST index hand rows over
 * nearest first. (A second ORDER BY key would make PostgreSQL sort every future event.)
 */
const knnDistance = (point: LatLng) => sql<number>`(${eventEarth} <-> ${earthOf(point)})`.mapWith(Number);
const distanceKm = (point: LatLng) =>
  sql<number>`(earth_distance(${eventEarth}, ${earthOf(point)}) / 1000)`.mapWith(Number);

/**
 * The start of the first occurrence not over at `now`, as nextOccurrence in
 * packages/shared/src/event-occurrences.ts computes it, so lists can be ordered and paged by
 * it in SQL: a weekly series has its next occurrence within the coming week, so only those
 * days are tried, on the event's own wall clock. Falls back to the series end, never null.
 */
function nextStartKey(now: Date): SQL<string> {
  const zone = events.timeZone;
  const localStart = sql`(${events.startsAt} at time zone ${zone})`;
  const localEnd = sql`(${events.endsAt} at time zone ${zone})`;
  const today = sql`(${timestamp(now)} at time zone ${zone})::date`;
  return sql<string>`coalesce(case
    when ${events.repeatWeekdays} is null or ${events.endsAt} > ${timestamp(now)} then ${events.startsAt}
    else (
      select min(o.starts_at)
      from generate_series(greatest(${today} - 1, ${localStart}::date), ${today} + 8, interval '1 day') as d(day)
      cross join lateral (select
        (d.day::date + ${localStart}::time) at time zone ${zone} as starts_at,
        (d.day::date + (${localEnd}::date - ${localStart}::date) + ${localEnd}::time) at time zone ${zone} as ends_at
      ) as o
      where (extract(isodow from d.day)::int = any(${events.repeatWeekdays})
          or extract(isodow from d.day) = extract(isodow from ${localStart}))
        and (${events.repeatUntil} is null or d.day::date <= ${events.repeatUntil})
        and o.ends_at > ${timestamp(now)}
        and o.starts_at < ${events.seriesEndsAt}
    )
  end, ${events.seriesEndsAt})`;
}

/** Spec §4: lists hold no cancelled and no past events. Literal predicates match the partial index. */
const upcoming = (now: Date) => and(sql`${events.cancelledAt} is null`, gt(events.seriesEndsAt, now));
const upcomingPublic = (now: Date) => and(upcoming(now), sql`${events.visibility} = 'public'`);

/**
 * What every list reads: the event, its place and its team (EventListRow), plus the columns a
 * list orders or pages by (a distance, a next start).
 */
function listQueryWith<Extra extends Record<string, SQL>>(db: Database, extra: Extra) {
  return db
    .select({
      event: events,
      place: { id: places.id, name: places.name, address: places.address, lat: places.lat, lng: places.lng },
      team: { id: teams.id, name: teams.name, visibility: teams.visibility },
      ...extra,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .leftJoin(teams, eq(teams.id, events.teamId))
    .$dynamic();
}

const noDistance = { distanceKm: sql<number | null>`null::float8` };
const listQuery = (db: Database) => listQueryWith(db, noDistance);

export interface DiscoverFilter {
  now: Date;
  gameType?: string;
  skillLevel?: string;
  price?: 'free' | 'paid';
  /** Occurrences may only fall between these instants (a loose prefilter; the service decides). */
  startsBefore?: Date;
  endsAfter?: Date;
  bounds?: Bounds;
}

const earthRadiusMeters = 6_378_168; // the radius earthdistance uses
function metersBetween(a: LatLng, b: LatLng): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A circle around the map bounds, for the GiST index: the exact edges are checked on lat/lng,
 * the circle only lets the index skip the rest of the map.
 */
function boundsCircle({ south, west, north, east }: Bounds) {
  // A map across the antimeridian has its west edge east of its east edge.
  const width = west <= east ? east - west : east + 360 - west;
  const centerLng = ((((west + width / 2 + 180) % 360) + 360) % 360) - 180;
  const center = { lat: (south + north) / 2, lng: centerLng };
  const edges = [south, center.lat, north].flatMap((lat) => [west, centerLng, east].map((lng) => ({ lat, lng })));
  return { center, meters: Math.max(...edges.map((edge) => metersBetween(center, edge))) * 1.01 + 1000 };
}

function discoverConditions(filter: DiscoverFilter, point?: LatLng, maxDistanceKm?: number): (SQL | undefined)[] {
  const { bounds } = filter;
  const circle = bounds && boundsCircle(bounds);
  const meters = maxDistanceKm === undefined ? undefined : maxDistanceKm * 1000;
  return [
    upcomingPublic(filter.now),
    filter.gameType ? eq(events.gameType, filter.gameType) : undefined,
    filter.skillLevel ? eq(events.skillLevel, filter.skillLevel) : undefined,
    filter.price === 'free' ? or(isNull(events.priceCents), eq(events.priceCents, 0)) : undefined,
    filter.price === 'paid' ? gt(events.priceCents, 0) : undefined,
    filter.startsBefore ? sql`${events.startsAt} < ${timestamp(filter.startsBefore)}` : undefined,
    filter.endsAfter ? gt(events.seriesEndsAt, filter.endsAfter) : undefined,
    circle ? sql`earth_box(${earthOf(circle.center)}, ${circle.meters}::float8) @> ${eventEarth}` : undefined,
    bounds ? and(gte(events.lat, bounds.south), lte(events.lat, bounds.north)) : undefined,
    bounds
      ? bounds.west <= bounds.east
        ? and(gte(events.lng, bounds.west), lte(events.lng, bounds.east))
        : or(gte(events.lng, bounds.west), lte(events.lng, bounds.east))
      : undefined,
    // earth_box lets the same GiST index cut the radius; earth_distance makes it exact.
    point && meters !== undefined
      ? sql`earth_box(${earthOf(point)}, ${meters}::float8) @> ${eventEarth} and earth_distance(${eventEarth}, ${earthOf(point)}) <= ${meters}::float8`
      : undefined,
  ];
}

/** Where a nearest-first page stopped: an event, its distance key and its point. */
export interface DistanceCursor {
  id: string;
  distance: number;
  lat: number;
  lng: number;
}
export type DistanceRow = EventListRow & { cursor: DistanceCursor };

export async function findDistanceCursor(
  db: Database,
  eventId: string,
  point: LatLng,
): Promise<DistanceCursor | undefined> {
  const [row] = await db
    .select({ id: events.id, distance: knnDistance(point), lat: events.lat, lng: events.lng })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/**
 * Nearest first (spec §7 events by location), optionally within a radius, in (distance, id)
 * order from after the cursor. The index orders by distance alone, so events at the same spot
 * (a tie) are read as one group by id: the group the cursor is in, then, for each batch read
 * nearest first, its complete groups and then the whole group it ended in.
 */
export async function listEventsByDistance(
  db: Database,
  {
    filter,
    point,
    maxDistanceKm,
    after,
    limit,
  }: { filter: DiscoverFilter; point: LatLng; maxDistanceKm?: number; after?: DistanceCursor; limit: number },
): Promise<DistanceRow[]> {
  const conditions = discoverConditions(filter, point, maxDistanceKm);
  const key = knnDistance(point);
  const select = () => listQueryWith(db, { distanceKm: distanceKm(point), distance: key });
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toRow = ({ distance, ...row }: Row): DistanceRow => ({
    ...row,
    cursor: { id: row.event.id, distance, lat: row.event.lat, lng: row.event.lng },
  });
  const byKey = (a: DistanceRow, b: DistanceRow) =>
    a.cursor.distance - b.cursor.distance || (a.cursor.id < b.cursor.id ? -1 : 1);
  /** Everything at exactly this distance, found through a one-metre box around its point. */
  const tieGroup = async (at: DistanceCursor, afterId: string | undefined, count: number) =>
    (
      await select()
        .where(
          and(
            ...conditions,
            sql`earth_box(${earthOf(at)}, 1::float8) @> ${eventEarth}`,
            sql`${key} = ${at.distance}::float8`,
            afterId ? gt(events.id, afterId) : undefined,
          ),
        )
        .orderBy(events.id)
        .limit(count)
    ).map(toRow);

  const found: DistanceRow[] = after ? await tieGroup(after, after.id, limit) : [];
  let beyond = after?.distance;
  while (found.length < limit) {
    const wanted = limit - found.length;
    const batch = (
      await select()
        .where(and(...conditions, beyond === undefined ? undefined : sql`${key} > ${beyond}::float8`))
        .orderBy(key)
        .limit(wanted)
    ).map(toRow);
    const last = batch.at(-1)?.cursor;
    if (!last) break;
    found.push(...batch.filter((row) => row.cursor.distance < last.distance).sort(byKey));
    if (found.length < limit) found.push(...(await tieGroup(last, undefined, limit - found.length)));
    if (batch.length < wanted) break;
    beyond = last.distance;
  }
  return found.slice(0, limit);
}

/** Spec §7 home: the first future public events nearest to a point, no radius. */
export async function findNearbyEventRows(
  db: Database,
  { lat, lng, limit, now }: { lat: number; lng: number; limit: number; now: Date },
): Promise<EventListRow[]> {
  return listEventsByDistance(db, { filter: { now }, point: { lat, lng }, limit });
}

/** Where a soonest-first page stopped: an event and its next start, as PostgreSQL wrote it. */
export interface NextStartCursor {
  id: string;
  nextStart: string;
}
export type NextStartRow = EventListRow & { cursor: NextStartCursor };

export async function findNextStartCursor(
  db: Database,
  eventId: string,
  now: Date,
): Promise<NextStartCursor | undefined> {
  const [row] = await db
    .select({ id: events.id, nextStart: sql<string>`(${nextStartKey(now)})::text` })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/** Soonest next occurrence first, paged by (next start, id): map bounds, or no place at all. */
export async function listEventsByNextStart(
  db: Database,
  { filter, after, limit }: { filter: DiscoverFilter; after?: NextStartCursor; limit: number },
): Promise<NextStartRow[]> {
  const key = nextStartKey(filter.now);
  const rows = await listQueryWith(db, { ...noDistance, nextStart: sql<string>`(${key})::text` })
    .where(
      and(
        ...discoverConditions(filter),
        // The key comes back as text, so the cursor keeps PostgreSQL's microseconds.
        after ? sql`(${key}, ${events.id}) > (${after.nextStart}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(key, events.id)
    .limit(limit);
  return rows.map(({ nextStart, ...row }) => ({ ...row, cursor: { id: row.event.id, nextStart } }));
}

/** Events the user created or has a party on an occurrence of that is not over yet. */
export async function listEventsOfUser(
  db: Database,
  { userId, now, limit }: { userId: string; now: Date; limit: number },
): Promise<EventListRow[]> {
  const hasParty = sql`exists (select 1 from ${eventParties}
    where ${eventParties.eventId} = ${events.id} and ${eventParties.userId} = ${userId}
      and ${eventParties.occurrenceStartsAt} + (${events.endsAt} - ${events.startsAt}) > ${timestamp(now)})`;
  return listQuery(db)
    .where(and(upcoming(now), or(eq(events.creatorId, userId), hasParty)))
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

/** Team-only events count for the team's members alone. */
const visibleTo = (userId: string) =>
  or(
    sql`${events.visibility} = 'public'`,
    sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${events.teamId} and ${teamMembers.userId} = ${userId})`,
  );

export async function listFavoriteEvents(
  db: Database,
  { userId, now, limit }: { userId: string; now: Date; limit: number },
): Promise<EventListRow[]> {
  return listQuery(db)
    .innerJoin(eventFavorites, and(eq(eventFavorites.eventId, events.id), eq(eventFavorites.userId, userId)))
    .where(and(upcoming(now), visibleTo(userId)))
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

export async function listPlaceEvents(
  db: Database,
  { placeId, now, limit }: { placeId: string; now: Date; limit: number },
): Promise<EventListRow[]> {
  return listQuery(db)
    .where(and(upcomingPublic(now), eq(events.placeId, placeId)))
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

export async function listTeamEvents(
  db: Database,
  { teamId, includeTeamOnly, now, limit }: { teamId: string; includeTeamOnly: boolean; now: Date; limit: number },
): Promise<EventListRow[]> {
  return listQuery(db)
    .where(
      and(upcoming(now), eq(events.teamId, teamId), includeTeamOnly ? undefined : sql`${events.visibility} = 'public'`),
    )
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

export async function findEventListRow(db: Database, eventId: string): Promise<EventListRow | undefined> {
  const [row] = await listQuery(db).where(eq(events.id, eventId)).limit(1);
  return row;
}

/** People (party sizes summed) joined to each given occurrence, by event id. */
export async function sumJoinedPeople(
  db: Database,
  occurrences: { eventId: string; startsAt: Date }[],
): Promise<Map<string, number>> {
  if (occurrences.length === 0) return new Map();
  const pairs = sql.join(
    occurrences.map(({ eventId, startsAt }) => sql`(${eventId}::uuid, ${timestamp(startsAt)})`),
    sql`, `,
  );
  const rows = await db
    .select({ eventId: eventParties.eventId, people: sql<number>`sum(${eventParties.partySize})`.mapWith(Number) })
    .from(eventParties)
    .where(
      and(
        eq(eventParties.status, 'joined'),
        sql`(${eventParties.eventId}, ${eventParties.occurrenceStartsAt}) in (${pairs})`,
      ),
    )
    .groupBy(eventParties.eventId);
  return new Map(rows.map((row) => [row.eventId, row.people]));
}

// ---- Parties -------------------------------------------------------------------------------

/** A party with the name and photo to show: the user's, or the guest's name. */
export interface PartyWithPerson {
  party: PartyRow;
  userName: string | null;
  userImage: string | null;
  guestName: string | null;
}

function partyQuery(db: Database) {
  return db
    .select({
      party: eventParties,
      userName: users.name,
      userImage: users.image,
      guestName: unregisteredUsers.name,
    })
    .from(eventParties)
    .leftJoin(users, eq(users.id, eventParties.userId))
    .leftJoin(unregisteredUsers, eq(unregisteredUsers.id, eventParties.guestId))
    .$dynamic();
}

export async function listPartiesWithPeople(
  db: Database,
  eventId: string,
  occurrenceStartsAt: Date,
): Promise<PartyWithPerson[]> {
  return partyQuery(db)
    .where(and(eq(eventParties.eventId, eventId), eq(eventParties.occurrenceStartsAt, occurrenceStartsAt)))
    .orderBy(asc(eventParties.position), asc(eventParties.createdAt), asc(eventParties.id));
}

export async function findPartyWithPerson(db: Database, partyId: string): Promise<PartyWithPerson | undefined> {
  const [row] = await partyQuery(db).where(eq(eventParties.id, partyId)).limit(1);
  return row;
}

export async function findParty(db: Database, eventId: string, partyId: string): Promise<PartyRow | undefined> {
  const [row] = await db
    .select()
    .from(eventParties)
    .where(and(eq(eventParties.id, partyId), eq(eventParties.eventId, eventId)))
    .limit(1);
  return row;
}

/** The party a user or a guest has on an occurrence. */
export async function findPartyOf(
  db: Database,
  eventId: string,
  occurrenceStartsAt: Date,
  who: { userId: string | null; guestId: string | null },
): Promise<PartyRow | undefined> {
  const [row] = await db
    .select()
    .from(eventParties)
    .where(
      and(
        eq(eventParties.eventId, eventId),
        eq(eventParties.occurrenceStartsAt, occurrenceStartsAt),
        who.userId ? eq(eventParties.userId, who.userId) : eq(eventParties.guestId, who.guestId ?? ''),
      ),
    )
    .limit(1);
  return row;
}

export async function listOccurrenceParties(
  db: Database,
  eventId: string,
  occurrenceStartsAt: Date,
): Promise<PartyRow[]> {
  return db
    .select()
    .from(eventParties)
    .where(and(eq(eventParties.eventId, eventId), eq(eventParties.occurrenceStartsAt, occurrenceStartsAt)))
    .orderBy(asc(eventParties.position), asc(eventParties.createdAt), asc(eventParties.id));
}

export async function insertParty(
  db: Database,
  party: Omit<typeof eventParties.$inferInsert, 'id' | 'createdAt'>,
): Promise<PartyRow> {
  const [row] = await db.insert(eventParties).values(party).returning();
  if (!row) throw new Error('party insert returned nothing');
  return row;
}

export async function updatePartyRow(
  db: Database,
  partyId: string,
  changes: Partial<Pick<PartyRow, 'status' | 'offerExpiresAt' | 'checkedInAt' | 'position'>>,
): Promise<PartyRow | undefined> {
  const [row] = await db.update(eventParties).set(changes).where(eq(eventParties.id, partyId)).returning();
  return row;
}

export async function deletePartyRow(db: Database, partyId: string): Promise<void> {
  await db.delete(eventParties).where(eq(eventParties.id, partyId));
}

/** The waitlist's next place: after every waiting or offered party of the occurrence. */
export async function nextWaitlistPosition(db: Database, eventId: string, occurrenceStartsAt: Date) {
  const [row] = await db
    .select({ last: sql<number | null>`max(${eventParties.position})`.mapWith(Number) })
    .from(eventParties)
    .where(
      and(
        eq(eventParties.eventId, eventId),
        eq(eventParties.occurrenceStartsAt, occurrenceStartsAt),
        inArray(eventParties.status, ['waitlisted', 'offered']),
      ),
    );
  return (row?.last ?? 0) + 1;
}

/** Offers whose claim window is over are withdrawn: those parties lost their turn. */
export async function deleteExpiredOffers(
  db: Database,
  eventId: string,
  occurrenceStartsAt: Date,
  now: Date,
): Promise<void> {
  await db
    .delete(eventParties)
    .where(
      and(
        eq(eventParties.eventId, eventId),
        eq(eventParties.occurrenceStartsAt, occurrenceStartsAt),
        eq(eventParties.status, 'offered'),
        lte(eventParties.offerExpiresAt, now),
      ),
    );
}

export async function hasExpiredOffer(
  db: Database,
  eventId: string,
  occurrenceStartsAt: Date,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: eventParties.id })
    .from(eventParties)
    .where(
      and(
        eq(eventParties.eventId, eventId),
        eq(eventParties.occurrenceStartsAt, occurrenceStartsAt),
        eq(eventParties.status, 'offered'),
        lte(eventParties.offerExpiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Occurrences with an offer past its deadline, across events (the offer-expiry index). */
export async function listOccurrencesWithExpiredOffers(db: Database, now: Date, limit: number) {
  return db
    .selectDistinct({ eventId: eventParties.eventId, occurrenceStartsAt: eventParties.occurrenceStartsAt })
    .from(eventParties)
    .where(and(eq(eventParties.status, 'offered'), lte(eventParties.offerExpiresAt, now)))
    .limit(limit);
}

/** Occurrences from `from` on that have someone on them, with the people joined to each. */
export async function listOccurrencesWithParties(db: Database, eventId: string, from: Date) {
  return db
    .select({
      occurrenceStartsAt: eventParties.occurrenceStartsAt,
      joinedPeople:
        sql<number>`coalesce(sum(${eventParties.partySize}) filter (where ${eventParties.status} = 'joined'), 0)`.mapWith(
          Number,
        ),
      waiting: sql<number>`count(*) filter (where ${eventParties.status} = 'waitlisted')`.mapWith(Number),
      offered: sql<number>`count(*) filter (where ${eventParties.status} = 'offered')`.mapWith(Number),
    })
    .from(eventParties)
    .where(and(eq(eventParties.eventId, eventId), gte(eventParties.occurrenceStartsAt, from)))
    .groupBy(eventParties.occurrenceStartsAt);
}

export async function moveOccurrenceParties(db: Database, eventId: string, from: Date, to: Date): Promise<void> {
  await db
    .update(eventParties)
    .set({ occurrenceStartsAt: to })
    .where(and(eq(eventParties.eventId, eventId), eq(eventParties.occurrenceStartsAt, from)));
}

/** Deletes the parties of the given occurrences and returns them (their people are told). */
export async function deleteOccurrenceParties(db: Database, eventId: string, starts: Date[]): Promise<PartyRow[]> {
  if (starts.length === 0) return [];
  return db
    .delete(eventParties)
    .where(and(eq(eventParties.eventId, eventId), inArray(eventParties.occurrenceStartsAt, starts)))
    .returning();
}

/** Every party of the event's occurrences starting at or after `from`, in date order. */
export async function listPartiesFrom(db: Database, eventId: string, from: Date): Promise<PartyRow[]> {
  return db
    .select()
    .from(eventParties)
    .where(and(eq(eventParties.eventId, eventId), gte(eventParties.occurrenceStartsAt, from)))
    .orderBy(asc(eventParties.occurrenceStartsAt), asc(eventParties.position));
}

/** Rewrites the waitlist order: the parties get positions 1, 2, 3… in the order given. */
export async function setWaitlistOrder(db: Database, partyIds: string[]): Promise<void> {
  for (const [index, partyId] of partyIds.entries()) {
    await db
      .update(eventParties)
      .set({ position: index + 1 })
      .where(eq(eventParties.id, partyId));
  }
}

// ---- Favourites ----------------------------------------------------------------------------

export async function insertFavorite(db: Database, eventId: string, userId: string): Promise<void> {
  await db.insert(eventFavorites).values({ eventId, userId }).onConflictDoNothing();
}

export async function deleteFavorite(db: Database, eventId: string, userId: string): Promise<void> {
  await db.delete(eventFavorites).where(and(eq(eventFavorites.eventId, eventId), eq(eventFavorites.userId, userId)));
}

export async function favoriteState(db: Database, eventId: string, userId: string | undefined) {
  const [row] = await db
    .select({
      total: count(),
      mine: userId ? sql<boolean>`coalesce(bool_or(${eventFavorites.userId} = ${userId}), false)` : sql<boolean>`false`,
    })
    .from(eventFavorites)
    .where(eq(eventFavorites.eventId, eventId));
  return { favoriteUserCount: row?.total ?? 0, isFavorite: row?.mine ?? false };
}
