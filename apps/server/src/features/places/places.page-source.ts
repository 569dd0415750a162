import { placeEndpoints } from '@huddle/shared/places';
import type { AppDeps } from '../../app-deps.ts';
import {
  endpointQueryReplyOrNull,
  endpointReplyOrNull,
  type ContentPageReads,
} from '../../lib/content-page-sources.ts';
import { getPlace, listPlacesInBounds } from './places.service.ts';

/**
 * The place page's place for a server-rendered places/view/{id} (decision 075's addendum): what
 * GET /api/places/{placeId} sends this viewer (who is checked in, as each allows; their own check-in).
 * And discover/places' first list: what GET /api/places sends for the map's first view (the replica,
 * stale-ok, as the route reads it).
 */
export function placePageSource({
  reads,
  clock,
}: Pick<AppDeps, 'reads' | 'clock'>): Pick<ContentPageReads, 'place' | 'placesInBounds'> {
  return {
    placesInBounds: (request, viewerId, query) =>
      endpointQueryReplyOrNull(placeEndpoints.listPlacesInBounds, query, ({ limit, ...bounds }) =>
        reads.staleRead(request, (readDb) => listPlacesInBounds(readDb, { viewerId, bounds, limit })),
      ),
    place: (request, viewerId, placeId) =>
      endpointReplyOrNull(placeEndpoints.getPlace, { placeId }, ({ placeId }) =>
        reads.visitorRead(request, viewerId, (readDb) => getPlace(readDb, clock, { viewerId, placeId })),
      ),
  };
}
