import { connectionEndpoints } from '@huddle/shared/connections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  acceptConnection,
  declineConnection,
  getConnectionSettings,
  getConnectionStatus,
  listConnections,
  listPlayedWith,
  listSuggestions,
  removeConnection,
  requestToConnect,
  updateConnectionSettings,
  type ConnectionDeps,
} from './connections.service.ts';

/**
 * Connection requests per person (by address when signed out, which then fails with 401): enough
 * to connect with a whole team after a game, too few to ask everyone nearby.
 */
export const connectionRequestLimit = { max: 30, timeWindow: '10 minutes' };

/** Issue 16, spec §2 connect and §7 connections: everything is the signed-in person's own. */
export function registerConnectionRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, realtime, clock, mailer, jobs, config } = appDeps;
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const deps: ConnectionDeps = { db, realtime, clock, mailer, jobs, publicOrigin: config.publicOrigin, log: app.log };
  const requestLimit = {
    config: {
      rateLimit: {
        hook: 'preHandler' as const,
        ...connectionRequestLimit,
        keyGenerator: async (request: FastifyRequest) => (await findSessionUserId(auth, request)) ?? request.ip,
      },
    },
  };

  registerEndpoint(app, connectionEndpoints.list, async ({ request }) =>
    listConnections(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, connectionEndpoints.playedWith, async ({ request }) => ({
    people: await listPlayedWith(db, { actorId: await actor(request) }),
  }));
  registerEndpoint(app, connectionEndpoints.suggestions, async ({ request }) => ({
    people: await listSuggestions(db, { actorId: await actor(request) }),
  }));
  registerEndpoint(app, connectionEndpoints.getSettings, async ({ request }) =>
    getConnectionSettings(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, connectionEndpoints.updateSettings, async ({ request, body }) =>
    updateConnectionSettings(deps, { actorId: await actor(request), settings: body }),
  );
  registerEndpoint(app, connectionEndpoints.status, async ({ request, params }) => ({
    status: await getConnectionStatus(db, { actorId: await actor(request), userId: params.userId }),
  }));
  registerEndpoint(
    app,
    connectionEndpoints.request,
    async ({ request, params }) => ({
      status: await requestToConnect(deps, { actorId: await actor(request), userId: params.userId }),
    }),
    requestLimit,
  );
  registerEndpoint(app, connectionEndpoints.accept, async ({ request, params }) => ({
    status: await acceptConnection(deps, { actorId: await actor(request), userId: params.userId }),
  }));
  registerEndpoint(app, connectionEndpoints.decline, async ({ request, params }) => ({
    status: await declineConnection(db, { actorId: await actor(request), userId: params.userId }),
  }));
  registerEndpoint(app, connectionEndpoints.remove, async ({ request, params }) => ({
    status: await removeConnection(db, { actorId: await actor(request), userId: params.userId }),
  }));
}
