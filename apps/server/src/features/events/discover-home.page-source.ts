import { eventEndpoints } from '@huddle/shared/events';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { discoverListReads } from './discover-list-reads.ts';
import { myEvents } from './event-lists.service.ts';

/**
 * The event lists of the server-rendered discover and home pages (issue 33, decision 075's addendum
 * "discover and home"): what GET /api/events, GET /api/events/nearby and GET /api/me/events send
 * this person. The two shared lists go through the routes' own reads (discover-list-reads.ts):
 * decision 073's shared page, with a signed-in viewer's own statuses read afresh and kept nowhere.
 */
export function discoverHomePageSource(
  deps: Pick<AppDeps, 'db' | 'reads' | 'clock' | 'config' | 'realtime' | 'responseCaches'>,
): Pick<ContentPageReads, 'discoverEvents' | 'nearbyEvents' | 'myEvents'> {
  const lists = discoverListReads(deps);
  return {
    discoverEvents: (request, viewerId, query) =>
      endpointQueryReplyOrNull(eventEndpoints.discoverEvents, query, async (query) => {
        const { page } = await lists.discover(request, async () => viewerId, query);
        return page;
      }),
    nearbyEvents: (request, viewerId, query) =>
      endpointQueryReplyOrNull(eventEndpoints.nearbyEvents, query, async (query) => {
        const { page } = await lists.nearby(request, async () => viewerId, query);
        return page;
      }),
    // On the primary, as the route reads it; a session is required (the route's 401).
    myEvents: signedInRead((_request, viewerId) =>
      endpointQueryReplyOrNull(eventEndpoints.myEvents, undefined, () =>
        myEvents(deps.db, deps.clock, { actorId: viewerId }),
      ),
    ),
  };
}
