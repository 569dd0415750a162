import { availabilityEndpoints } from '@huddle/shared/availability';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getAvailability } from './availability.service.ts';

/**
 * Home's "Incomplete tasks" (whether availability was ever saved) on the rendered page (issue 33):
 * what GET /api/me/availability sends the signed-in viewer; null for a visitor.
 */
export function availabilityPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'myAvailability'> {
  return {
    myAvailability: signedInRead((_request, viewerId) =>
      endpointQueryReplyOrNull(availabilityEndpoints.getMyAvailability, undefined, () =>
        getAvailability(db, { actorId: viewerId }),
      ),
    ),
  };
}
