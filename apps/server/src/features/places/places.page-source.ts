import { placeEndpoints } from '@huddle/shared/places';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getPlace } from './places.service.ts';

/**
 * The place page's place for a server-rendered places/view/{id} (decision 075's addendum): what
 * GET /api/places/{placeId} sends this viewer (who is checked in, as each allows; their own check-in).
 */
export function placePageSource({ reads, clock }: Pick<AppDeps, 'reads' | 'clock'>): Pick<ContentPageReads, 'place'> {
  return {
    place: (request, viewerId, placeId) =>
      endpointReplyOrNull(placeEndpoints.getPlace, { placeId }, ({ placeId }) =>
        reads.visitorRead(request, viewerId, (readDb) => getPlace(readDb, clock, { viewerId, placeId })),
      ),
  };
}
