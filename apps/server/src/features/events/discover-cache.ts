import type { discoverEventsQuery, EventSummary, nearbyQuery } from '@huddle/shared/events';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { wroteRecentlyCookie } from '../../lib/read-routing.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import type { CachedReply } from '../../lib/cached-reply.ts';
import { createResponseCache, type ResponseCache } from '../../lib/response-cache.ts';

type DiscoverQuery = z.output<typeof discoverEventsQuery>;
type NearbyQuery = z.output<typeof nearbyQuery>;

/**
 * Decision 073: signed-out discover pages are kept for at most a second, keyed by the rounded
 * place and the filters, and dropped as soon as an event they show changes, on every instance.
 */

/** Bus topic of "this event changed" (spots, schedule, cancellation); no socket may join it. */
export const eventChangeTopicPrefix = 'event-changes';

/**
 * Issue 32: a full game never shows as open for more than a second. The entry's age counts from
 * the start of the read that filled it, so this holds even when an invalidation is lost (Redis
 * down, a listener reconnecting, a write path that does not announce itself).
 */
export const discoverCacheTtlMs = 1000;
/** About 60 KB a page of 20 (its text and compressed copies): the cache stays under 32 MB whatever it is asked. */
const maxBytes = 32 * 1024 * 1024;

/**
 * A signed-out visitor's point is rounded to this grid (about 550 m north-south) before it is
 * read, so neighbours share a page and the page is exactly the answer for the rounded point
 * (its distances are off by at most about 400 m, which a visitor's located point is anyway).
 */
const pointGridDegrees = 0.005;
/** Map edges move by at most about 55 m: an event at the very edge may show or not. */
const boundsGridDegrees = 0.001;
const distanceGridKm = 0.1;

const snap = (value: number, grid: number) => Number((Math.round(value / grid) * grid).toFixed(6));

/** The id that stands for "any list may change": a new event, or one that moved or changed its time. */
const anyList = 'any';

/**
 * Tells every instance's caches that an event changed; call it after the write committed. By
 * default the pages showing it go; `listedAnew` (a new event, an edit that may move it onto other
 * pages) drops every page, so it shows at once where it now belongs. Edits are rare next to joins.
 */
export function announceEventChange(
  realtime: Pick<RealtimeHub, 'publish'>,
  eventId: string,
  { listedAnew = false }: { listedAnew?: boolean } = {},
): void {
  realtime.publish(`${eventChangeTopicPrefix}:${listedAnew ? anyList : eventId}`, { type: 'event.changed', eventId });
}

/** A shared page: as sent to visitors (serialized, with its compressed forms), and as read, for a signed-in viewer's copy. */
export interface SharedDiscoverPage {
  reply: CachedReply;
  page: { events: EventSummary[]; nextStartId: string | null };
}

export interface DiscoverCache {
  cache: ResponseCache<SharedDiscoverPage>;
  /** The query a signed-out request is answered for: rounded, so it has a bounded set of answers. */
  normalise(query: DiscoverQuery): DiscoverQuery;
  key(query: DiscoverQuery): string;
  /** Home's nearby list (GET /api/events/nearby) the same way: its rounded point, and its key. */
  nearby(query: NearbyQuery): { query: NearbyQuery; key: string };
}

/** Undefined when `maxEntries` is 0 (DISCOVER_CACHE_ENTRIES=0 turns it off). */
export function createDiscoverCache(
  realtime: Pick<RealtimeHub, 'watchTopics'>,
  { maxEntries, ttlMs = discoverCacheTtlMs }: { maxEntries: number; ttlMs?: number },
): DiscoverCache | undefined {
  if (maxEntries === 0) return undefined;
  // The page as read takes about what its text does again.
  const cache = createResponseCache<SharedDiscoverPage>({
    maxEntries,
    maxBytes,
    ttlMs,
    sizeOf: ({ reply }) => 2 * reply.sizeBytes,
  });
  // null: messages may have been lost (a resync).
  realtime.watchTopics(eventChangeTopicPrefix, (eventId) =>
    eventId === null || eventId === anyList ? cache.clear() : cache.invalidate(eventId),
  );
  const normalise = (query: DiscoverQuery): DiscoverQuery => ({
    ...query,
    lat: query.lat === undefined ? undefined : snap(query.lat, pointGridDegrees),
    lng: query.lng === undefined ? undefined : snap(query.lng, pointGridDegrees),
    south: query.south === undefined ? undefined : snap(query.south, boundsGridDegrees),
    west: query.west === undefined ? undefined : snap(query.west, boundsGridDegrees),
    north: query.north === undefined ? undefined : snap(query.north, boundsGridDegrees),
    east: query.east === undefined ? undefined : snap(query.east, boundsGridDegrees),
    maxDistanceKm:
      query.maxDistanceKm === undefined ? undefined : Math.max(1, snap(query.maxDistanceKm, distanceGridKm)),
  });
  // Every field by name, in one order: two queries with the same answer have the same key.
  const key = (query: DiscoverQuery) =>
    JSON.stringify([
      query.lat,
      query.lng,
      query.south,
      query.west,
      query.north,
      query.east,
      query.maxDistanceKm,
      query.gameType,
      query.from,
      query.to,
      query.price,
      query.skillLevel,
      query.gender,
      query.sort,
      query.startId,
      query.limit,
    ]);
  const nearby = (query: NearbyQuery) => {
    const rounded = { ...query, lat: snap(query.lat, pointGridDegrees), lng: snap(query.lng, pointGridDegrees) };
    return { query: rounded, key: JSON.stringify(['nearby', rounded.lat, rounded.lng, rounded.limit]) };
  };
  return { cache, normalise, key, nearby };
}

/**
 * Which requests the shared pages answer: a visitor's as they are; a signed-in person's with
 * their own status read afresh and put in (`withViewerStatuses`), never kept. A client that just
 * wrote (decision 066's cookie) and a request with credentials in a header read the old way.
 */
export function sharedCacheUse(request: FastifyRequest): 'visitor' | 'viewer' | 'none' {
  const { cookie, authorization } = request.headers;
  // No route takes credentials in a header today; one that ever does reads afresh.
  if (authorization !== undefined) return 'none';
  if (cookie === undefined) return 'visitor';
  if (wroteCookie.test(cookie)) return 'none';
  return sessionCookie.test(cookie) ? 'viewer' : 'visitor';
}

// Better Auth's cookies are named `huddle.*`, or `__Secure-huddle.*` on https.
const sessionCookie = /(?:^|;\s*)(?:__Secure-|__Host-)?huddle\./;
const wroteCookie = new RegExp(`(?:^|;\\s*)${wroteRecentlyCookie}=`);
