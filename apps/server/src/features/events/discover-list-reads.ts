import type { discoverEventsQuery, EventSummary, nearbyQuery } from '@huddle/shared/events';
import { eventEndpoints } from '@huddle/shared/events';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { CachedReply } from '../../lib/cached-reply.ts';
import { serializeReply } from '../../lib/endpoint-route.ts';
import { createDiscoverCache, sharedCacheUse, type SharedDiscoverPage } from './discover-cache.ts';
import { discoverEvents, nearbyEvents } from './event-lists.service.ts';
import { withViewerStatuses } from './events.service.ts';

type ListPage = { events: EventSummary[]; nextStartId: string | null };

/**
 * A list page as read for one request: `page` always; `shared` when it is decision 073's shared
 * page exactly as sent to visitors (its serialized, compressed forms ready for the API's reply).
 */
export interface DiscoverListPage {
  page: ListPage;
  shared?: CachedReply;
}

/** Who asks: looked up only when the answer depends on it (a shared page for a visitor does not). */
type ViewerLookup = () => Promise<string | undefined>;

export interface DiscoverListReads {
  /** GET /api/events (discover's list). */
  discover(
    request: FastifyRequest,
    viewer: ViewerLookup,
    query: z.output<typeof discoverEventsQuery>,
  ): Promise<DiscoverListPage>;
  /** GET /api/events/nearby (home's nearby block). */
  nearby(request: FastifyRequest, viewer: ViewerLookup, query: z.output<typeof nearbyQuery>): Promise<DiscoverListPage>;
}

type ListDeps = Pick<AppDeps, 'db' | 'reads' | 'clock' | 'config' | 'realtime' | 'responseCaches'>;

/**
 * One per app (keyed by its deps): the API's routes and the server-rendered discover and home pages
 * (issue 33) read through the same shared cache, so a page rendered on the server is what the API
 * would have sent that person, and the cache is counted and invalidated once.
 */
const readsByApp = new WeakMap<ListDeps, DiscoverListReads>();

export function discoverListReads(deps: ListDeps): DiscoverListReads {
  let lists = readsByApp.get(deps);
  if (!lists) readsByApp.set(deps, (lists = createDiscoverListReads(deps)));
  return lists;
}

function createDiscoverListReads({ db, reads, clock, config, realtime, responseCaches }: ListDeps): DiscoverListReads {
  const discoverCache = createDiscoverCache(realtime, { maxEntries: config.discoverCacheEntries });
  if (discoverCache) responseCaches.set('discover', discoverCache.cache);
  /**
   * Decision 073: a list page read for nobody (no viewer status) is shared for up to a second. It
   * is read from the primary, so the second counts from the write, not from a replica's lag. A
   * visitor gets it as it is; a signed-in person (issue 32) the same page with their own status
   * read now, from the primary (what they just did shows), and kept nowhere. Undefined: this
   * request reads the old way.
   */
  const sharedListPage = async (
    request: FastifyRequest,
    viewer: ViewerLookup,
    endpoint: typeof eventEndpoints.discoverEvents | typeof eventEndpoints.nearbyEvents,
    key: string,
    read: () => Promise<SharedDiscoverPage['page']>,
  ): Promise<DiscoverListPage | undefined> => {
    const use = discoverCache ? sharedCacheUse(request) : 'none';
    if (!discoverCache || use === 'none') return undefined;
    const { value } = await discoverCache.cache.get(key, async () => {
      const page = await read();
      return {
        value: { reply: new CachedReply(serializeReply(endpoint, page).json), page },
        tags: page.events.map((event) => event.id),
      };
    });
    const viewerId = use === 'viewer' ? await viewer() : undefined;
    if (!viewerId) return { page: value.page, shared: value.reply };
    return {
      page: {
        events: await withViewerStatuses(db, viewerId, value.page.events, clock.now()),
        nextStartId: value.page.nextStartId,
      },
    };
  };
  return {
    discover: async (request, viewer, query) => {
      if (discoverCache) {
        const shared = discoverCache.normalise(query);
        const page = await sharedListPage(
          request,
          viewer,
          eventEndpoints.discoverEvents,
          discoverCache.key(shared),
          () => discoverEvents(db, clock, { query: shared }),
        );
        if (page) return page;
      }
      // Decision 066: lists anyone may see a few seconds late read from the replica.
      const viewerId = await viewer();
      return { page: await reads.staleRead(request, (readDb) => discoverEvents(readDb, clock, { query, viewerId })) };
    },
    nearby: async (request, viewer, query) => {
      if (discoverCache) {
        const shared = discoverCache.nearby(query);
        const page = await sharedListPage(request, viewer, eventEndpoints.nearbyEvents, shared.key, () =>
          nearbyEvents(db, clock, shared.query),
        );
        if (page) return page;
      }
      const viewerId = await viewer();
      return {
        page: await reads.staleRead(request, (readDb) => nearbyEvents(readDb, clock, { ...query, viewerId })),
      };
    },
  };
}
