import { findATimeEndpoints } from '@huddle/shared/find-a-time';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { findATime, type FindATimeDeps } from './find-a-time.service.ts';

export function registerFindATimeRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, clock, mailer, jobs, realtime, config } = appDeps;
  const deps: FindATimeDeps = { db, clock, mailer, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };
  registerEndpoint(app, findATimeEndpoints.findATime, async ({ request, params, body }) =>
    findATime(deps, { actorId: await requireSessionUserId(auth, request), teamId: params.teamId, body }),
  );
}
