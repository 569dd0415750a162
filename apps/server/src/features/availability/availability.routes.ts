import { availabilityEndpoints } from '@huddle/shared/availability';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { getAvailability, saveAvailability } from './availability.service.ts';

export function registerAvailabilityRoutes(app: FastifyInstance, { db, auth }: AppDeps): void {
  registerEndpoint(app, availabilityEndpoints.getMyAvailability, async ({ request }) =>
    getAvailability(db, { actorId: await requireSessionUserId(auth, request) }),
  );
  registerEndpoint(app, availabilityEndpoints.saveMyAvailability, async ({ request, body }) =>
    saveAvailability(db, { actorId: await requireSessionUserId(auth, request), availability: body }),
  );
}
