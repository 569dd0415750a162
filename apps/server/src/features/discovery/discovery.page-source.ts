import { discoveryEndpoints } from '@huddle/shared/discovery';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { endpointQueryReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { nearbyPlayers } from './discovery.service.ts';

/**
 * Home's "Nearby players" (issue 33, decision 075's addendum "discover and home"): what
 * GET /api/users/nearby sends this person (a session required, as the route's; the replica).
 */
export function discoveryPageSource({ reads }: Pick<AppDeps, 'reads'>): Pick<ContentPageReads, 'nearbyPlayers'> {
  return {
    nearbyPlayers: (request, viewerId, query) =>
      endpointQueryReplyOrNull(discoveryEndpoints.nearbyPlayers, query, (query) => {
        if (!viewerId) throw new AppError('UNAUTHENTICATED');
        return reads.staleRead(request, (readDb) => nearbyPlayers(readDb, { viewerId, ...query }));
      }),
  };
}
