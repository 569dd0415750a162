import { discoveryEndpoints } from '@huddle/shared/discovery';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import { fullSearch, nearbyPlayers } from './discovery.service.ts';

export function registerDiscoveryRoutes(app: FastifyInstance, { reads, auth, clock }: AppDeps): void {
  // Spec §6: discover and full-search are public; a signed-in viewer also loses the people blocked either way.
  // Decision 066: both read from the replica, as results a few seconds late are fine.
  registerEndpoint(app, discoveryEndpoints.fullSearch, async ({ request, query }) => {
    const viewerId = await findSessionUserId(auth, request);
    return reads.staleRead(request, (readDb) =>
      fullSearch(readDb, clock, { viewerId, text: query.q, limit: query.limit }),
    );
  });
  // The home block (guarded, spec §2): "excluding the current user" needs one.
  registerEndpoint(app, discoveryEndpoints.nearbyPlayers, async ({ request, query }) => {
    const viewerId = await requireSessionUserId(auth, request);
    return reads.staleRead(request, (readDb) => nearbyPlayers(readDb, { viewerId, ...query }));
  });
}
