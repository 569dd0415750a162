import { partnerEndpoints } from '@huddle/shared/partners';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId } from '../../lib/session.ts';
import { getEventsPartner, getPartner, listPartners } from './partners.service.ts';

/**
 * Issue 16: the partner pages' reads, public (spec §6). Partners are written only by the admin
 * area (issue 17), which calls the service's create, update and delete after its own admin check.
 */
export function registerPartnerRoutes(app: FastifyInstance, { db, auth, clock }: AppDeps): void {
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  registerEndpoint(app, partnerEndpoints.list, async ({ request, query }) =>
    listPartners(db, clock, { viewerId: await viewer(request), query }),
  );
  registerEndpoint(app, partnerEndpoints.get, async ({ params }) =>
    getPartner(db, clock, { partnerId: params.partnerId }),
  );
  registerEndpoint(app, partnerEndpoints.events, async ({ request, params }) =>
    getEventsPartner(db, clock, { viewerId: await viewer(request), partnerId: params.partnerId }),
  );
}
