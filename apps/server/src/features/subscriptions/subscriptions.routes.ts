import { subscriptionEndpoints } from '@huddle/shared/subscriptions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { getMySubscription, getTeamSubscription, listPlans, type SubscriptionDeps } from './subscriptions.service.ts';

export function registerSubscriptionRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, config } = appDeps;
  const deps: SubscriptionDeps = { db, flagDefaults: config.flagDefaults, platform: config.platform };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, subscriptionEndpoints.listPlans, async () => listPlans(deps));
  registerEndpoint(app, subscriptionEndpoints.getTeamSubscription, async ({ request, params }) =>
    getTeamSubscription(deps, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, subscriptionEndpoints.getMySubscription, async ({ request }) =>
    getMySubscription(deps, { actorId: await actor(request) }),
  );
}
