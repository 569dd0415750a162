import { eventEndpoints } from '@huddle/shared/events';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { placeEvents, teamEvents } from './event-lists.service.ts';

/**
 * The event lists of the team and place pages (decision 075's addendum): what
 * GET /api/teams/{teamId}/events and GET /api/places/{placeId}/events send this viewer (their own
 * statuses on each event included), through the same read routing.
 */
export function eventListsPageSource({
  reads,
  clock,
}: Pick<AppDeps, 'reads' | 'clock'>): Pick<ContentPageReads, 'teamEvents' | 'placeEvents'> {
  return {
    teamEvents: (request, viewerId, teamId) =>
      endpointReplyOrNull(eventEndpoints.teamEvents, { teamId }, ({ teamId }) =>
        reads.visitorRead(request, viewerId, (readDb) => teamEvents(readDb, clock, { viewerId, teamId })),
      ),
    placeEvents: (request, viewerId, placeId) =>
      endpointReplyOrNull(eventEndpoints.placeEvents, { placeId }, ({ placeId }) =>
        reads.visitorRead(request, viewerId, (readDb) => placeEvents(readDb, clock, { placeId, viewerId })),
      ),
  };
}
