import { onboardingEndpoints } from '@huddle/shared/onboarding';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { dismissOnboarding, getOnboarding, setOnboardingStep } from './onboarding.service.ts';

/** Issue 16, user-onboarding: the signed-in person's progress through the guided start. */
export function registerOnboardingRoutes(app: FastifyInstance, { db, auth, clock }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, onboardingEndpoints.get, async ({ request }) =>
    getOnboarding(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, onboardingEndpoints.setStep, async ({ request, params, body }) =>
    setOnboardingStep({ db, clock }, { actorId: await actor(request), step: params.step, status: body.status }),
  );
  registerEndpoint(app, onboardingEndpoints.dismiss, async ({ request }) =>
    dismissOnboarding({ db, clock }, { actorId: await actor(request) }),
  );
}
