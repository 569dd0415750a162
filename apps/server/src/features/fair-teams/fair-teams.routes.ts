import { fairTeamEndpoints } from '@huddle/shared/fair-teams';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  getPublishedTeams,
  getTeamSheet,
  makeTeams,
  publishTeams,
  ratePlayer,
  saveTeams,
  type FairTeamDeps,
} from './fair-teams.service.ts';

export function registerFairTeamRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, clock, mailer, jobs, realtime, config } = appDeps;
  const deps: FairTeamDeps = { db, clock, mailer, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, fairTeamEndpoints.getTeamSheet, async ({ request, params, query }) =>
    getTeamSheet(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence }),
  );
  registerEndpoint(app, fairTeamEndpoints.makeTeams, async ({ request, params, body }) =>
    makeTeams(deps, { actorId: await actor(request), eventId: params.eventId, body }),
  );
  registerEndpoint(app, fairTeamEndpoints.saveTeams, async ({ request, params, body }) =>
    saveTeams(deps, { actorId: await actor(request), eventId: params.eventId, body }),
  );
  registerEndpoint(app, fairTeamEndpoints.publishTeams, async ({ request, params, body }) =>
    publishTeams(deps, { actorId: await actor(request), eventId: params.eventId, body }),
  );
  registerEndpoint(app, fairTeamEndpoints.ratePlayer, async ({ request, params, body }) =>
    ratePlayer(deps, { actorId: await actor(request), eventId: params.eventId, body }),
  );
  registerEndpoint(app, fairTeamEndpoints.publishedTeams, async ({ request, params, query }) =>
    getPublishedTeams(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence }),
  );
}
