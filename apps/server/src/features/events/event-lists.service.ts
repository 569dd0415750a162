import { instantToLocal, upcomingOccurrences, maxOccurrences } from '@huddle/shared/event-occurrences';
import type { discoverEventsQuery, EventSummary } from '@huddle/shared/events';
import { homeListLimit } from '@huddle/shared/limits';
import type { LatLng } from '@huddle/shared/places';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { visibleTeam } from '../teams/teams.service.ts';
import { scheduleOf } from './event-schedule.ts';
import {
  findDistanceCursor,
  findNearbyEventRows,
  findNextStartCursor,
  findPlaceRow,
  listEventsByDistance,
  listEventsByNextStart,
  listEventsOfUser,
  listFavoriteEvents,
  listPlaceEvents,
  listTeamEvents,
  type DiscoverFilter,
  type DistanceCursor,
  type EventListRow,
  type NextStartCursor,
} from './events.repository.ts';
import { toSummaries } from './events.service.ts';

type DiscoverQuery = z.output<typeof discoverEventsQuery>;

/** Lists without paging show at most this many (a place or a team rarely has more coming up). */
const shortListLimit = 100;
/** A date-range filter is finished in code; a page reads at most this many batches, then hands back a cursor. */
const maxBatches = 10;
const dayMs = 24 * 60 * 60 * 1000;

const listReply = async (
  db: Database,
  rows: EventListRow[],
  now: Date,
  nextStartId: string | null,
  options: { viewerSeesTeam?: boolean; viewerId?: string } = {},
) => ({
  events: await toSummaries(db, rows, now, options),
  nextStartId,
});

/** An occurrence not over yet whose local date (on the event's clock) is inside [from, to]. */
function hasOccurrenceIn(row: EventListRow, range: { from?: string; to?: string }, now: Date): boolean {
  const { event } = row;
  return upcomingOccurrences(scheduleOf(event), now, maxOccurrences).some((occurrence) => {
    const day = instantToLocal(occurrence.startsAt, event.timeZone).slice(0, 10);
    return (!range.from || day >= range.from) && (!range.to || day <= range.to);
  });
}

/**
 * Spec §7 events by location: future public events, nearest first from a point (keyset on
 * distance and id), or soonest first (issue 11: the list's default) inside map bounds, a radius or anywhere; filters by game type, date
 * range, price, skill level and distance. startId is the cursor: the last id of the previous page.
 */
export async function discoverEvents(
  db: Database,
  clock: Clock,
  { query, viewerId }: { query: DiscoverQuery; viewerId?: string },
): Promise<{ events: EventSummary[]; nextStartId: string | null }> {
  const now = clock.now();
  const point: LatLng | null =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  if (query.maxDistanceKm !== undefined && !point) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      maxDistanceKm: ['Give a latitude and longitude to measure the distance from.'],
    });
  }
  const range = query.from || query.to ? { from: query.from, to: query.to } : null;
  const filter: DiscoverFilter = {
    now,
    gameType: query.gameType,
    skillLevel: query.skillLevel,
    gender: query.gender === 'Any' ? undefined : query.gender,
    price: query.price,
    // Local dates are within a day of UTC ones anywhere on earth: a loose prefilter, finished in code.
    startsBefore: query.to ? new Date(Date.parse(query.to) + 2 * dayMs) : undefined,
    endsAfter: query.from ? new Date(Date.parse(query.from) - dayMs) : undefined,
    bounds:
      query.south !== undefined && query.west !== undefined && query.north !== undefined && query.east !== undefined
        ? { south: query.south, west: query.west, north: query.north, east: query.east }
        : undefined,
  };
  const options = { range, limit: query.limit, now, viewerId };
  if (point && query.sort !== 'soonest') {
    const read = (after: DistanceCursor | undefined, count: number) =>
      listEventsByDistance(db, { filter, point, maxDistanceKm: query.maxDistanceKm, after, limit: count });
    const start = query.startId ? await findDistanceCursor(db, query.startId, point) : undefined;
    return pageThrough(db, read, query.startId ? (start ?? cursorGone()) : undefined, options);
  }
  const read = (after: NextStartCursor | undefined, count: number) =>
    listEventsByNextStart(db, {
      filter,
      point: point ?? undefined,
      maxDistanceKm: query.maxDistanceKm,
      after,
      limit: count,
    });
  const start = query.startId ? await findNextStartCursor(db, query.startId, now) : undefined;
  return pageThrough(db, read, query.startId ? (start ?? cursorGone()) : undefined, options);
}

const cursorGone = (): never => {
  throw new AppError('VALIDATION_FAILED', undefined, {
    startId: ['This page is no longer available. Start again from the first page.'],
  });
};

/**
 * One page from after the cursor. Without a date range it is one read of limit + 1 rows (the
 * extra one says whether a next page exists). A date range is finished in code, so rows are
 * read in batches until the page is full, at most maxBatches of them.
 */
async function pageThrough<C extends { id: string }>(
  db: Database,
  read: (after: C | undefined, count: number) => Promise<(EventListRow & { cursor: C })[]>,
  start: C | undefined,
  {
    range,
    limit,
    now,
    viewerId,
  }: { range: { from?: string; to?: string } | null; limit: number; now: Date; viewerId?: string },
) {
  const reply = (rows: EventListRow[], nextStartId: string | null) =>
    listReply(db, rows, now, nextStartId, { viewerId });
  const batchSize = range ? Math.max(limit + 1, 50) : limit + 1;
  const page: EventListRow[] = [];
  let cursor = start;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const rows = await read(cursor, batchSize);
    for (const row of rows) {
      if (range && !hasOccurrenceIn(row, range, now)) {
        cursor = row.cursor;
        continue;
      }
      // One more match than the page holds: there is a next page, starting after the page's last.
      if (page.length === limit) return reply(page, page.at(-1)?.event.id ?? null);
      page.push(row);
      cursor = row.cursor;
    }
    if (rows.length < batchSize) return reply(page, null);
  }
  // Read as far as one page may: hand back where the reading stopped, so the next page goes on from there.
  return reply(page, cursor?.id ?? null);
}

/** Spec §7 home: the first future public events nearest to a point, no radius. */
export async function nearbyEvents(
  db: Database,
  clock: Clock,
  { lat, lng, limit, viewerId }: { lat: number; lng: number; limit: number; viewerId?: string },
) {
  const now = clock.now();
  return listReply(db, await findNearbyEventRows(db, { lat, lng, limit, now }), now, null, { viewerId });
}

/** Spec §4: the user's events by next occurrence, those without one last, the first 7. */
export async function myEvents(db: Database, clock: Clock, { actorId }: { actorId: string }) {
  const now = clock.now();
  const rows = await listEventsOfUser(db, { userId: actorId, now, limit: homeListLimit });
  const summaries = await toSummaries(db, rows, now, { viewerId: actorId });
  const nextStart = (event: EventSummary) => (event.next ? Date.parse(event.next.startsAt) : Number.POSITIVE_INFINITY);
  return { events: summaries.sort((a, b) => nextStart(a) - nextStart(b)).slice(0, homeListLimit), nextStartId: null };
}

export async function myFavorites(db: Database, clock: Clock, { actorId }: { actorId: string }) {
  const now = clock.now();
  return listReply(db, await listFavoriteEvents(db, { userId: actorId, now, limit: shortListLimit }), now, null, {
    viewerId: actorId,
  });
}

export async function placeEvents(
  db: Database,
  clock: Clock,
  { placeId, viewerId }: { placeId: string; viewerId?: string },
) {
  const now = clock.now();
  if (!(await findPlaceRow(db, placeId))) throw new AppError('NOT_FOUND', 'Place not found');
  return listReply(db, await listPlaceEvents(db, { placeId, now, limit: shortListLimit }), now, null, { viewerId });
}

/** A team's coming events; its team-only ones for its members alone (a private team hides from outsiders). */
export async function teamEvents(
  db: Database,
  clock: Clock,
  { viewerId, teamId }: { viewerId: string | undefined; teamId: string },
) {
  const now = clock.now();
  const { role } = await visibleTeam(db, teamId, viewerId);
  const rows = await listTeamEvents(db, { teamId, includeTeamOnly: role !== undefined, now, limit: shortListLimit });
  // Whoever gets this far sees the team.
  return listReply(db, rows, now, null, { viewerSeesTeam: true, viewerId });
}
