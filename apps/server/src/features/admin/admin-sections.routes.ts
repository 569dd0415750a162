import { adminEndpoints } from '@huddle/shared/admin';
import { adminPartnerEndpoints } from '@huddle/shared/partners';
import { adminPromotionEndpoints } from '@huddle/shared/promotions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { getManagedPartner, listManagedPartners, searchPartnerTeams } from '../partners/partners.service.ts';
import { listPromotions } from '../promotions/promotions.service.ts';
import {
  adminCreateOffer,
  adminCreatePartner,
  adminCreatePromotion,
  adminDeleteOffer,
  adminDeletePartner,
  adminDeletePromotion,
  adminListApplications,
  adminListFeedback,
  adminListPlans,
  adminSetApplicationHandled,
  adminSetFeedbackHandled,
  adminUpdateOffer,
  adminUpdatePartner,
  adminUpdatePromotion,
} from './admin-sections.service.ts';
import type { Actor } from './admin.service.ts';

/**
 * Decision 051: partners and offers, plans and promotions, ambassador applications and feedback.
 * Every handler asks `adminOf` first (signed out 401, not an admin 403), before reading anything.
 */
export function registerAdminSectionRoutes(
  app: FastifyInstance,
  { db, config, clock }: AppDeps,
  adminOf: (request: FastifyRequest) => Promise<Actor>,
): void {
  const acting = async (request: FastifyRequest) => ({ db, actor: await adminOf(request) });
  const ok = { ok: true as const };

  registerEndpoint(app, adminPartnerEndpoints.list, async ({ request }) => {
    await adminOf(request);
    return { partners: await listManagedPartners(db) };
  });
  registerEndpoint(app, adminPartnerEndpoints.get, async ({ request, params }) => {
    await adminOf(request);
    return getManagedPartner(db, { partnerId: params.partnerId });
  });
  registerEndpoint(app, adminPartnerEndpoints.searchTeams, async ({ request, query }) => {
    await adminOf(request);
    return searchPartnerTeams(db, query);
  });
  registerEndpoint(app, adminPartnerEndpoints.create, async ({ request, body }) =>
    adminCreatePartner(await acting(request), body),
  );
  registerEndpoint(app, adminPartnerEndpoints.update, async ({ request, params, body }) =>
    adminUpdatePartner({ ...(await acting(request)), clock }, { partnerId: params.partnerId, body }),
  );
  registerEndpoint(app, adminPartnerEndpoints.remove, async ({ request, params }) => {
    await adminDeletePartner(await acting(request), params.partnerId);
    return ok;
  });
  registerEndpoint(app, adminPartnerEndpoints.createOffer, async ({ request, params, body }) =>
    adminCreateOffer(await acting(request), { partnerId: params.partnerId, body }),
  );
  registerEndpoint(app, adminPartnerEndpoints.updateOffer, async ({ request, params, body }) =>
    adminUpdateOffer(await acting(request), { offerId: params.offerId, body }),
  );
  registerEndpoint(app, adminPartnerEndpoints.removeOffer, async ({ request, params }) => {
    await adminDeleteOffer(await acting(request), params.offerId);
    return ok;
  });

  registerEndpoint(app, adminEndpoints.listPlans, async ({ request }) => {
    await adminOf(request);
    return adminListPlans({ db, flagDefaults: config.flagDefaults, platform: config.platform });
  });
  registerEndpoint(app, adminPromotionEndpoints.list, async ({ request }) => {
    await adminOf(request);
    return { promotions: await listPromotions(db) };
  });
  registerEndpoint(app, adminPromotionEndpoints.create, async ({ request, body }) =>
    adminCreatePromotion(await acting(request), body),
  );
  registerEndpoint(app, adminPromotionEndpoints.update, async ({ request, params, body }) =>
    adminUpdatePromotion({ ...(await acting(request)), clock }, { promotionId: params.promotionId, body }),
  );
  registerEndpoint(app, adminPromotionEndpoints.remove, async ({ request, params }) => {
    await adminDeletePromotion(await acting(request), params.promotionId);
    return ok;
  });

  registerEndpoint(app, adminEndpoints.listAmbassadorApplications, async ({ request, query }) => {
    await adminOf(request);
    return { applications: await adminListApplications(db, query.state) };
  });
  registerEndpoint(app, adminEndpoints.setAmbassadorApplicationHandled, async ({ request, params, body }) =>
    adminSetApplicationHandled(
      { ...(await acting(request)), now: clock.now() },
      { applicationId: params.applicationId, handled: body.handled },
    ),
  );
  registerEndpoint(app, adminEndpoints.listFeedback, async ({ request, query }) => {
    await adminOf(request);
    return { feedback: await adminListFeedback(db, query.state) };
  });
  registerEndpoint(app, adminEndpoints.setFeedbackHandled, async ({ request, params, body }) =>
    adminSetFeedbackHandled(
      { ...(await acting(request)), now: clock.now() },
      { feedbackId: params.feedbackId, handled: body.handled },
    ),
  );
}
