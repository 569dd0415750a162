import { discoveryEndpoints } from '@huddle/shared/discovery';
import type { AppDeps } from '../../app-deps.ts';
import { endpointQueryReplyOrNull, signedInRead, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { nearbyPlayers } from './discovery.service.ts';

/**
 * Home's "Nearby players" (issue 33, decision 075's addendum "discover and home"): what
 * GET /api/users/nearby sends this person (a session required, as the route's; the replica).
 */
export function discoveryPageSource({ reads }: Pick<AppDeps, 'reads'>): Pick<ContentPageReads, 'nearbyPlayers'> {
  return {
    nearbyPlayers: signedInRead((request, viewerId, query: unknown) =>
      endpointQueryReplyOrNull(discoveryEndpoints.nearbyPlayers, query, (query) =>
        reads.staleRead(request, (readDb) => nearbyPlayers(readDb, { viewerId, ...query })),
      ),
    ),
  };
}
