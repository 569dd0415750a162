import { websiteEndpoints } from '@huddle/shared/websites';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  createWebsite,
  deleteWebsite,
  getPublicWebsite,
  getTeamWebsite,
  getWebsiteDraft,
  listMyWebsites,
  publishWebsite,
  saveWebsite,
} from './websites.service.ts';

/** Issue 15: team and community websites, their builder's saves, and their public reads. */
export function registerWebsiteRoutes(app: FastifyInstance, { db, reads, auth }: AppDeps): void {
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, websiteEndpoints.listMine, async ({ request }) =>
    listMyWebsites(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, websiteEndpoints.create, async ({ request, body }) =>
    createWebsite(db, { actorId: await actor(request), template: body.template, teamId: body.teamId }),
  );
  registerEndpoint(app, websiteEndpoints.getDraft, async ({ request, params }) =>
    getWebsiteDraft(db, { actorId: await actor(request), websiteId: params.websiteId }),
  );
  registerEndpoint(app, websiteEndpoints.save, async ({ request, params, body }) =>
    saveWebsite(db, { actorId: await actor(request), websiteId: params.websiteId, body }),
  );
  registerEndpoint(app, websiteEndpoints.publish, async ({ request, params, body }) =>
    publishWebsite(db, { actorId: await actor(request), websiteId: params.websiteId, published: body.published }),
  );
  registerEndpoint(app, websiteEndpoints.remove, async ({ request, params }) => {
    await deleteWebsite(db, { actorId: await actor(request), websiteId: params.websiteId });
    return { ok: true as const };
  });
  // A published site is the same for everyone who reads it, so no session is looked up: its
  // builder, who just saved or published, carries the wrote-recently cookie (decision 066).
  registerEndpoint(app, websiteEndpoints.getPublic, async ({ request, params }) =>
    reads.staleRead(request, (readDb) => getPublicWebsite(readDb, params)),
  );
  registerEndpoint(app, websiteEndpoints.getTeamSite, async ({ request, params }) =>
    reads.staleRead(request, (readDb) => getTeamWebsite(readDb, params)),
  );
}
