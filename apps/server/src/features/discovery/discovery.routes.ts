import { discoveryEndpoints } from '@huddle/shared/discovery';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import { fullSearch, nearbyPlayers } from './discovery.service.ts';

export function registerDiscoveryRoutes(app: FastifyInstance, { db, auth, clock }: AppDeps): void {
  // Spec §6: discover and full-search are public; a signed-in viewer also loses the people blocked either way.
  registerEndpoint(app, discoveryEndpoints.fullSearch, async ({ request, query }) =>
    fullSearch(db, clock, { viewerId: await findSessionUserId(auth, request), text: query.q, limit: query.limit }),
  );
  // The home block (guarded, spec §2): "excluding the current user" needs one.
  registerEndpoint(app, discoveryEndpoints.nearbyPlayers, async ({ request, query }) =>
    nearbyPlayers(db, { viewerId: await requireSessionUserId(auth, request), ...query }),
  );
}
