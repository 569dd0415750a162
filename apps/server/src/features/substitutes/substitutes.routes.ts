import { substituteEndpoints } from '@huddle/shared/substitutes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  acceptInvitation,
  declineInvitation,
  defineSubstituteScan,
  getMyInvitation,
  getSubstitutes,
  saveSubstituteSettings,
  type SubstituteDeps,
} from './substitutes.service.ts';

export function registerSubstituteRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, clock, mailer, jobs, realtime, config } = appDeps;
  const deps: SubstituteDeps = { db, clock, mailer, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  defineSubstituteScan(deps);

  registerEndpoint(app, substituteEndpoints.getSubstitutes, async ({ request, params, query }) =>
    getSubstitutes(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence }),
  );
  registerEndpoint(app, substituteEndpoints.saveSubstituteSettings, async ({ request, params, body }) =>
    saveSubstituteSettings(deps, { actorId: await actor(request), eventId: params.eventId, settings: body }),
  );
  registerEndpoint(app, substituteEndpoints.myInvitation, async ({ request, params, query }) =>
    getMyInvitation(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence }),
  );
  registerEndpoint(app, substituteEndpoints.acceptInvitation, async ({ request, params, body }) =>
    acceptInvitation(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );
  registerEndpoint(app, substituteEndpoints.declineInvitation, async ({ request, params, body }) =>
    declineInvitation(deps, { actorId: await actor(request), eventId: params.eventId, ...body }),
  );
}
