import type { TeamKind } from '@huddle/shared/teams';
import type { EventGender } from '@huddle/shared/genders';
import type { Bounds, LatLng } from '@huddle/shared/places';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { unregisteredUsers, users } from '../accounts/accounts.schema.ts';
import { places } from '../places/places.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { eventFavorites, eventParties, events, partyOccurrenceEnd } from './events.schema.ts';

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

const eventById = preparedPerHandle((db) =>
  db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId')))
    .limit(1)
    .prepare('events_by_id'),
);

export async function findEvent(db: Database, eventId: string): Promise<EventRow | undefined> {
  const [row] = await eventById(db).execute({ eventId });
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

/** The columns of an event a list shows (EventSummary), schedules and pages by. */
const listEventColumns = {
  id: events.id,
  creatorId: events.creatorId,
  title: events.title,
  gameType: events.gameType,
  timeZone: events.timeZone,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  repeatWeekdays: events.repeatWeekdays,
  repeatUntil: events.repeatUntil,
  repeatCount: events.repeatCount,
  slots: events.slots,
  skillLevel: events.skillLevel,
  gender: events.gender,
  visibility: events.visibility,
  priceCents: events.priceCents,
  cancelledAt: events.cancelledAt,
  lat: events.lat,
  lng: events.lng,
};
export type ListEvent = Pick<EventRow, keyof typeof listEventColumns>;

/** What a list shows of an event: the row, its place and its team. */
export interface EventListRow {
  event: ListEvent;
  place: { id: string; name: string; address: string; lat: number; lng: number };
  team: { id: string; name: string; kind: TeamKind; visibility: string } | null;
  distanceKm: number | null;
  /**
   * The people joined to each occurrence not over yet, as [start in ms, people], null when
   * nobody has joined; lists read them with the rows (undefined: not read, toSummaries counts).
   */
  joinedPeople?: JoinedPeople;
}
export type JoinedPeople = [startsAtMs: number, people: number][] | null;

/**
 * A value in a query: a parameter of this query (inline), or a named placeholder of a prepared
 * statement whose value is collected for its execution (see readNearest).
 */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => value;

const timestamp = (at: Date, bind: Bind = inline) => sql`${bind('now', at.toISOString())}::timestamptz`;
/**
 * A point on the earth as earthdistance's ll_to_earth(lat, lng) computes it, without its final
 * cast to the `earth` domain: the same cube, but the domain's checks are set up again on every
 * run of a statement, which made a prepared nearest-first read take twice as long. Only the
 * index expression (eventEarth) keeps ll_to_earth, so the planner matches events_earth_idx.
 */
const cubeAt = (lat: unknown, lng: unknown) =>
  sql`cube(cube(cube(earth() * cos(radians(${lat})) * cos(radians(${lng}))), earth() * cos(radians(${lat})) * sin(radians(${lng}))), earth() * sin(radians(${lat})))`;
const earthAt = (point: LatLng, bind: Bind = inline, name = 'point') =>
  cubeAt(sql`${bind(`${name}Lat`, point.lat)}::float8`, sql`${bind(`${name}Lng`, point.lng)}::float8`);
/** The expression events_earth_idx is built on: ORDER BY <-> and @> must name it to use the index. */
const eventEarth = sql`ll_to_earth(${events.lat}, ${events.lng})`;
/** The same cube as a value (in the select list and filters). */
const eventCube = cubeAt(events.lat, events.lng);
/** earth_box(point, meters) without the domain cast: the cube around a point that holds the circle. */
const boxAround = (point: SQL, meters: unknown) => sql`cube_enlarge(${point}, gc_to_sec(${meters}::float8), 3)`;
/**
 * The KNN operator: ORDER BY this alone lets the events_earth_idx GiST index hand rows over
 * nearest first. (A second ORDER BY key would make PostgreSQL sort every future event.)
 */
const knnOrder = (point: LatLng, bind: Bind = inline) => sql`(${eventEarth} <-> ${earthAt(point, bind)})`;
/** The KNN key's value: the chord from the point to the event, in metres. */
const knnDistance = (point: LatLng, bind: Bind = inline) =>
  sql<number>`(${eventCube} <-> ${earthAt(point, bind)})`.mapWith(Number);

const earthRadiusMeters = 6_378_168; // the radius earthdistance uses
/**
 * Kilometres along the earth from the KNN key (the chord through it), as earthdistance's
 * earth_distance() = sec_to_gc(cube distance) computes them: PostgreSQL need not work them out
 * a second time for every row.
 */
function chordToKm(chord: number): number {
  if (chord < 0) return 0;
  if (chord / (2 * earthRadiusMeters) > 1) return (Math.PI * earthRadiusMeters) / 1000;
  return (2 * earthRadiusMeters * Math.asin(chord / (2 * earthRadiusMeters))) / 1000;
}

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
const upcoming = (now: Date, bind: Bind = inline) =>
  and(sql`${events.cancelledAt} is null`, sql`${events.seriesEndsAt} > ${timestamp(now, bind)}`);
const upcomingPublic = (now: Date, bind: Bind = inline) =>
  and(upcoming(now, bind), sql`${events.visibility} = 'public'`);

/**
 * People joined per occurrence not over at `now` (JoinedPeople), read with each list row so a
 * list is one round trip. An occurrence lasts about as long as the first one; the extra day
 * covers a daylight-saving change between them, and toSummaries picks the next one exactly.
 */
const joinedPeople = (now: Date, bind: Bind = inline) => sql<JoinedPeople>`(
  select json_agg(json_build_array((extract(epoch from o.starts_at) * 1000)::float8, o.people))
  from (
    select ${eventParties.occurrenceStartsAt} as starts_at, sum(${eventParties.partySize}) as people
    from ${eventParties}
    where ${eventParties.eventId} = ${events.id} and ${eventParties.status} in ('joined', 'held')
      and ${eventParties.occurrenceStartsAt} > ${timestamp(now, bind)} - (${events.endsAt} - ${events.startsAt}) - interval '1 day'
    group by ${eventParties.occurrenceStartsAt}
  ) as o
)`;

/**
 * What every list reads: the event, its place and its team (EventListRow), plus the columns a
 * list orders or pages by (a distance, a next start) and the people joined.
 */
function listQueryWith<Extra extends Record<string, SQL>>(db: Database, extra: Extra) {
  return db
    .select({
      event: listEventColumns,
      place: { id: places.id, name: places.name, address: places.address, lat: places.lat, lng: places.lng },
      team: { id: teams.id, name: teams.name, kind: teams.kind, visibility: teams.visibility },
      ...extra,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .leftJoin(teams, eq(teams.id, events.teamId))
    .$dynamic();
}

const noDistance = { distanceKm: sql<number | null>`null::float8` };
const listQuery = (db: Database, now: Date) => listQueryWith(db, { ...noDistance, joinedPeople: joinedPeople(now) });

export interface DiscoverFilter {
  now: Date;
  gameType?: string;
  skillLevel?: string;
  /** Events open to this group: their rule is 'Any' or this one. */
  gender?: Exclude<EventGender, 'Any'>;
  price?: 'free' | 'paid';
  /** Occurrences may only fall between these instants (a loose prefilter; the service decides). */
  startsBefore?: Date;
  endsAfter?: Date;
  bounds?: Bounds;
}

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

/**
 * The conditions of a discover read, by name. The names present make the statement's shape
 * (readNearest prepares one statement per shape), so a condition whose SQL differs with
 * its value has one name per variant (lngWithin, lngAcross), and every value goes through bind.
 */
function discoverConditions(
  filter: DiscoverFilter,
  { bind = inline, point, maxDistanceKm }: { bind?: Bind; point?: LatLng; maxDistanceKm?: number } = {},
): Record<string, SQL | undefined> {
  const { bounds } = filter;
  const circle = bounds && boundsCircle(bounds);
  const meters = maxDistanceKm === undefined ? undefined : maxDistanceKm * 1000;
  return {
    upcoming: upcomingPublic(filter.now, bind),
    gameType: filter.gameType ? sql`${events.gameType} = ${bind('gameType', filter.gameType)}` : undefined,
    skillLevel: filter.skillLevel ? sql`${events.skillLevel} = ${bind('skillLevel', filter.skillLevel)}` : undefined,
    gender: filter.gender ? sql`${events.gender} in ('Any', ${bind('gender', filter.gender)})` : undefined,
    free: filter.price === 'free' ? or(isNull(events.priceCents), eq(events.priceCents, 0)) : undefined,
    paid: filter.price === 'paid' ? gt(events.priceCents, 0) : undefined,
    startsBefore: filter.startsBefore
      ? sql`${events.startsAt} < ${bind('startsBefore', filter.startsBefore.toISOString())}::timestamptz`
      : undefined,
    endsAfter: filter.endsAfter
      ? sql`${events.seriesEndsAt} > ${bind('endsAfter', filter.endsAfter.toISOString())}::timestamptz`
      : undefined,
    mapCircle: circle
      ? sql`${boxAround(earthAt(circle.center, bind, 'mapCenter'), bind('mapMeters', circle.meters))} @> ${eventEarth}`
      : undefined,
    latWithin: bounds
      ? sql`${events.lat} >= ${bind('south', bounds.south)}::float8 and ${events.lat} <= ${bind('north', bounds.north)}::float8`
      : undefined,
    lngWithin:
      bounds && bounds.west <= bounds.east
        ? sql`${events.lng} >= ${bind('west', bounds.west)}::float8 and ${events.lng} <= ${bind('east', bounds.east)}::float8`
        : undefined,
    lngAcross:
      bounds && bounds.west > bounds.east
        ? sql`(${events.lng} >= ${bind('west', bounds.west)}::float8 or ${events.lng} <= ${bind('east', bounds.east)}::float8)`
        : undefined,
    // The box lets the same GiST index cut the radius; the distance along the earth
    // (earth_distance) makes it exact.
    radius:
      point && meters !== undefined
        ? sql`${boxAround(earthAt(point, bind), bind('meters', meters))} @> ${eventEarth} and sec_to_gc(${eventCube} <-> ${earthAt(point, bind)}) <= ${bind('meters', meters)}::float8`
        : undefined,
  };
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
 * A batch of a nearest-first read asks for this many rows more than it needs: the rows before
 * the batch's last distance are complete (the index hands them over nearest first), so when
 * they fill the page no second query has to finish the group of events at the last spot.
 */
const tieSlack = 10;

/** A nearest-first batch as drizzle reads it: a list row, its KNN key and the joined people. */
function nearestQuery(db: Database, key: SQL<number>, now: Date, bind: Bind) {
  return listQueryWith(db, { distance: key, joinedPeople: joinedPeople(now, bind) });
}
type NearestRow = Awaited<ReturnType<ReturnType<typeof nearestQuery>['execute']>>[number];

// Fields named, not spread: a page maps tens of rows per request, and spreading copies generically.
const toDistanceRow = ({ event, place, team, joinedPeople, distance }: NearestRow): DistanceRow => ({
  event,
  place,
  team,
  joinedPeople,
  distanceKm: chordToKm(distance),
  cursor: { id: event.id, distance, lat: event.lat, lng: event.lng },
});

/**
 * Nearest-first reads are the hot ones (discover, home), so they run as named prepared
 * statements, one per kind of read, shape of the filter and row count: drizzle builds the SQL
 * once, and PostgreSQL parses it once per connection and, after a few runs, keeps one generic
 * plan (on events_earth_idx whatever the values) instead of planning every request, which took
 * about as long as running the query. The row count is written into the SQL: with LIMIT as a
 * parameter the generic plan is costed for a tenth of the table and never chosen. Counts are
 * rounded up to a multiple of rowStep, and at most maxStatements are kept per database
 * (PostgreSQL holds each on every connection); past that a read is planned every time.
 */
const rowStep = 8;
const maxStatements = 64;
const statementsOf = new WeakMap<Database, Map<string, ReturnType<typeof prepareNearest>>>();

function prepareNearest(
  db: Database,
  name: string,
  { where, key, order, now, count }: { where: SQL | undefined; key: SQL<number>; order: SQL; now: Date; count: number },
) {
  const bind: Bind = (placeholder) => sql.placeholder(placeholder);
  return (
    nearestQuery(db, key, now, bind)
      .where(where)
      .orderBy(order)
      // A literal, not a parameter (above); drizzle writes an SQL chunk as it is.
      .limit(sql.raw(String(count)) as unknown as number)
      .prepare(name)
  );
}

/**
 * Runs a nearest-first read of at least `atLeast` rows (it may return more). `build` writes its
 * conditions by name with `bind`: the names present make the statement's shape, so a condition
 * whose SQL differs with its value has one name per variant, and every value goes through bind.
 */
async function readNearestPrepared(
  db: Database,
  {
    kind,
    point,
    now,
    atLeast,
    build,
  }: {
    kind: 'batch' | 'tie';
    point: LatLng;
    now: Date;
    atLeast: number;
    build: (bind: Bind, key: SQL<number>) => { named: Record<string, SQL | undefined>; order: SQL };
  },
): Promise<{ rows: DistanceRow[]; count: number }> {
  const count = Math.ceil(atLeast / rowStep) * rowStep;
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const key = knnDistance(point, bind);
  const { named, order } = build(bind, key);
  const shape = `${kind}:${Object.keys(named)
    .filter((name) => named[name])
    .join('+')}:${count}`;
  let statements = statementsOf.get(db);
  if (!statements) statementsOf.set(db, (statements = new Map()));
  let statement = statements.get(shape);
  if (!statement) {
    const keep = statements.size < maxStatements;
    // An empty name is PostgreSQL's unnamed statement, planned on every run.
    statement = prepareNearest(db, keep ? statementName(shape) : '', {
      where: and(...Object.values(named)),
      key,
      order,
      now,
      count,
    });
    if (keep) statements.set(shape, statement);
  }
  return { rows: (await statement.execute(values)).map(toDistanceRow), count };
}

/**
 * PostgreSQL cuts statement names at 63 characters, so two long shapes could share one name
 * and run each other's plan; a hash of the shape keeps every name short and distinct.
 */
function statementName(shape: string): string {
  return `events_nearest:${createHash('sha256').update(shape).digest('base64url').slice(0, 22)}`;
}

/**
 * Nearest first (spec §7 events by location), optionally within a radius, in (distance, id)
 * order from after the cursor. The index orders by distance alone, so events at the same spot
 * (a tie) are read as one group by id: the group the cursor is in, then, for each batch read
 * nearest first, its complete groups and then, when the page needs it, the whole group it ended in.
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
  const byKey = (a: DistanceRow, b: DistanceRow) =>
    a.cursor.distance - b.cursor.distance || (a.cursor.id < b.cursor.id ? -1 : 1);
  const conditions = (bind: Bind) => discoverConditions(filter, { bind, point, maxDistanceKm });
  /** Everything at exactly this distance, found through a one-metre box around its point, by id. */
  const tieGroup = async (at: DistanceCursor, afterId: string | undefined, count: number) => {
    const { rows } = await readNearestPrepared(db, {
      kind: 'tie',
      point,
      now: filter.now,
      atLeast: count,
      build: (bind, key) => ({
        named: {
          ...conditions(bind),
          spot: sql`${boxAround(earthAt(at, bind, 'spot'), 1)} @> ${eventEarth}`,
          distance: sql`${key} = ${bind('distance', at.distance)}::float8`,
          afterId: afterId ? sql`${events.id} > ${bind('afterId', afterId)}::uuid` : undefined,
        },
        order: sql`${events.id}`,
      }),
    });
    // Ordered by id: more rows than asked for only run past the page, which is cut at the end.
    return rows;
  };
  /** The nearest rows beyond a distance, at least `atLeast` of them. */
  const batchBeyond = (beyond: number | undefined, atLeast: number) =>
    readNearestPrepared(db, {
      kind: 'batch',
      point,
      now: filter.now,
      atLeast,
      build: (bind, key) => ({
        named: {
          ...conditions(bind),
          beyond: beyond === undefined ? undefined : sql`${key} > ${bind('beyond', beyond)}::float8`,
        },
        order: knnOrder(point, bind),
      }),
    });

  const found: DistanceRow[] = after ? await tieGroup(after, after.id, limit) : [];
  let beyond = after?.distance;
  while (found.length < limit) {
    const wanted = limit - found.length;
    const read = await batchBeyond(beyond, wanted + tieSlack);
    const batch = read.rows;
    const last = batch.at(-1)?.cursor;
    if (!last) break;
    // A short batch read everything left: its ties are all in it.
    if (batch.length < read.count) {
      found.push(...batch.sort(byKey));
      break;
    }
    found.push(...batch.filter((row) => row.cursor.distance < last.distance).sort(byKey));
    if (found.length >= limit) break;
    found.push(...(await tieGroup(last, undefined, limit - found.length)));
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

/**
 * Soonest next occurrence first, paged by (next start, id): in map bounds, within a radius of a
 * point (the GiST index cuts the area, the few thousand events in it are sorted), or anywhere.
 * With a point each row carries its distance from it.
 */
export async function listEventsByNextStart(
  db: Database,
  {
    filter,
    point,
    maxDistanceKm,
    after,
    limit,
  }: { filter: DiscoverFilter; point?: LatLng; maxDistanceKm?: number; after?: NextStartCursor; limit: number },
): Promise<NextStartRow[]> {
  const key = nextStartKey(filter.now);
  const rows = await listQueryWith(db, {
    distanceKm: point
      ? sql<number>`sec_to_gc(${eventCube} <-> ${earthAt(point)}) / 1000`.mapWith(Number)
      : noDistance.distanceKm,
    joinedPeople: joinedPeople(filter.now),
    nextStart: sql<string>`(${key})::text`,
  })
    .where(
      and(
        ...Object.values(discoverConditions(filter, { point, maxDistanceKm })),
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
      and ${partyOccurrenceEnd} > ${timestamp(now)})`;
  return listQuery(db, now)
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
  return listQuery(db, now)
    .innerJoin(eventFavorites, and(eq(eventFavorites.eventId, events.id), eq(eventFavorites.userId, userId)))
    .where(and(upcoming(now), visibleTo(userId)))
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

export async function listPlaceEvents(
  db: Database,
  { placeId, now, limit }: { placeId: string; now: Date; limit: number },
): Promise<EventListRow[]> {
  return listQuery(db, now)
    .where(and(upcomingPublic(now), eq(events.placeId, placeId)))
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

export async function listTeamEvents(
  db: Database,
  { teamId, includeTeamOnly, now, limit }: { teamId: string; includeTeamOnly: boolean; now: Date; limit: number },
): Promise<EventListRow[]> {
  return listQuery(db, now)
    .where(
      and(upcoming(now), eq(events.teamId, teamId), includeTeamOnly ? undefined : sql`${events.visibility} = 'public'`),
    )
    .orderBy(nextStartKey(now), events.id)
    .limit(limit);
}

/**
 * The start of each team's next event occurrence (cancelled and past events left out; team-only
 * events count: the caller shows them to the team's own members), by team id.
 */
export async function findNextTeamEventStarts(
  db: Database,
  { teamIds, now }: { teamIds: string[]; now: Date },
): Promise<Map<string, Date>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: events.teamId, next: sql<Date | string>`min(${nextStartKey(now)})` })
    .from(events)
    .where(and(upcoming(now), inArray(events.teamId, teamIds)))
    .groupBy(events.teamId);
  return new Map(rows.flatMap((row) => (row.teamId ? [[row.teamId, new Date(row.next)] as const] : [])));
}

const eventListRowById = preparedPerHandle((db) =>
  listQueryWith(db, noDistance)
    .where(eq(events.id, sql.placeholder('eventId')))
    .limit(1)
    .prepare('event_list_row_by_id'),
);

export async function findEventListRow(db: Database, eventId: string): Promise<EventListRow | undefined> {
  const [row] = await eventListRowById(db).execute({ eventId });
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

const occurrencePartiesWithPeople = preparedPerHandle((db) =>
  partyQuery(db)
    .where(
      and(
        eq(eventParties.eventId, sql.placeholder('eventId')),
        eq(eventParties.occurrenceStartsAt, sql.placeholder('occurrenceStartsAt')),
      ),
    )
    .orderBy(asc(eventParties.position), asc(eventParties.createdAt), asc(eventParties.id))
    .prepare('event_parties_with_people'),
);

export async function listPartiesWithPeople(
  db: Database,
  eventId: string,
  occurrenceStartsAt: Date,
): Promise<PartyWithPerson[]> {
  return occurrencePartiesWithPeople(db).execute({ eventId, occurrenceStartsAt: occurrenceStartsAt.toISOString() });
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

export async function deletePartyRows(db: Database, partyIds: string[]): Promise<void> {
  if (partyIds.length > 0) await db.delete(eventParties).where(inArray(eventParties.id, partyIds));
}

/** The waitlist's next place from an occurrence's parties in hand (nextWaitlistPosition's rule). */
export function nextWaitlistPositionOf(parties: Pick<PartyRow, 'status' | 'position'>[]): number {
  let last = 0;
  for (const party of parties) {
    if ((party.status === 'waitlisted' || party.status === 'offered') && party.position > last) last = party.position;
  }
  return last + 1;
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
      /** People holding a spot while they pay for it in Checkout (decision 033): taken like joined ones. */
      payingPeople:
        sql<number>`coalesce(sum(${eventParties.partySize}) filter (where ${eventParties.status} = 'held'), 0)`.mapWith(
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

/** What the viewer is on one occurrence (ViewerStatus before it is shaped for the reply). */
export interface ViewerStanding {
  eventId: string;
  status: string | null;
  /** Place in the waitlist as the event view lists it (offers first), for a waiting party. */
  waitlistPosition: number | null;
  offerExpiresAt: Date | null;
  /** Owner or organizer of the event's team. */
  managesTeam: boolean;
  /** The date the party is on: the one asked about, or (laterFrom) a later one. */
  occurrenceStartsAt: Date | null;
}

/**
 * The viewer's party on each given occurrence and whether they organize the event's team, in
 * one query for a whole list (lists can be long: no query per row). The waitlist position
 * counts the offers (the head of the line) and the waiting parties up to the viewer's, in the
 * order the event view lists them (position, then created, then id).
 */
export async function findViewerStandings(
  db: Database,
  {
    viewerId,
    occurrences,
    managerRoles,
    laterFrom,
  }: {
    viewerId: string;
    occurrences: { eventId: string; startsAt: Date | null }[];
    managerRoles: readonly string[];
    /** When set, a viewer with no party on the date asked about is read on their next date not over by then. */
    laterFrom?: Date;
  },
): Promise<ViewerStanding[]> {
  if (occurrences.length === 0) return [];
  const wanted = sql.join(
    occurrences.map(
      ({ eventId, startsAt }) => sql`(${eventId}::uuid, ${startsAt ? startsAt.toISOString() : null}::timestamptz)`,
    ),
    sql`, `,
  );
  const roles = sql.join(
    managerRoles.map((role) => sql`${role}`),
    sql`, `,
  );
  // The party on the date asked about; failing that (lists), the viewer's next one of the series.
  const party = laterFrom
    ? sql`left join lateral (
        select * from ${eventParties} q
        where q.event_id = w.event_id and q.user_id = ${viewerId}
          and (q.occurrence_starts_at = w.starts_at or q.occurrence_starts_at >= ${laterFrom.toISOString()}::timestamptz)
        order by (q.occurrence_starts_at = w.starts_at) desc, q.occurrence_starts_at
        limit 1
      ) p on true`
    : sql`left join ${eventParties} p
        on p.event_id = w.event_id and p.occurrence_starts_at = w.starts_at and p.user_id = ${viewerId}`;
  const result = await db.execute<{
    event_id: string;
    occurrence_starts_at: string | Date | null;
    status: string | null;
    waitlist_position: number | null;
    offer_expires_at: string | Date | null;
    manages_team: boolean;
  }>(sql`
    select w.event_id, p.status, p.offer_expires_at, p.occurrence_starts_at,
      case when p.status = 'waitlisted' then (
        select count(*)::int from ${eventParties} q
        where q.event_id = p.event_id and q.occurrence_starts_at = p.occurrence_starts_at
          and (q.status = 'offered' or (q.status = 'waitlisted'
            and (q.position, q.created_at, q.id) <= (p.position, p.created_at, p.id)))
      ) end as waitlist_position,
      exists (
        select 1 from ${events} e join ${teamMembers} m on m.team_id = e.team_id
        where e.id = w.event_id and m.user_id = ${viewerId} and m.role in (${roles})
      ) as manages_team
    from (values ${wanted}) as w(event_id, starts_at)
    ${party}
  `);
  return result.rows.map((row) => ({
    eventId: row.event_id,
    status: row.status,
    waitlistPosition: row.waitlist_position,
    offerExpiresAt: row.offer_expires_at ? new Date(row.offer_expires_at) : null,
    managesTeam: row.manages_team,
    occurrenceStartsAt: row.occurrence_starts_at ? new Date(row.occurrence_starts_at) : null,
  }));
}

/**
 * Live events with an occurrence that may start between from and to (the reminder scan): the
 * first start is before `to` and the series ends after `from`. Soonest first, at most `limit`.
 */
export async function listEventsStartingWithin(db: Database, from: Date, to: Date, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(isNull(events.cancelledAt), lte(events.startsAt, to), gt(events.seriesEndsAt, from)))
    .orderBy(asc(events.seriesEndsAt))
    .limit(limit);
}
