import { paidGameEndpoints } from '@huddle/shared/paid-games';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { paidGameCancelledJob, paidGameLeftJob } from '../events/waitlist.service.ts';
import {
  listEventPayments,
  refundByOrganizer,
  refundCancelledDates,
  refundOnLeave,
  type PlayerLeftJob,
} from './paid-game-refunds.service.ts';
import {
  cancelCheckout,
  claimOfferCheckout,
  paymentOfSession,
  startCheckout,
  startSeasonCheckout,
  type PaidGameDeps,
} from './paid-games.service.ts';
import { definePaidGameWebhooks } from './paid-games.webhooks.ts';
import { paidSpotLostJob, refundLostSpot, type SpotLostJob } from './lost-spot-refunds.service.ts';
import {
  listSeasonRegistrationPayments,
  paidSeasonWithdrawnJob,
  refundSeasonRegistration,
  settleSeasonWithdrawal,
  type SeasonWithdrawnJob,
} from './season-refunds.service.ts';

/** Refunds wait out a Stripe outage: retried for about an hour. */
const refundRetries = { retryLimit: 8, retryDelaySeconds: 15 };

export function registerPaidGameRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, mailer, clock, config, jobs, realtime, payments } = appDeps;
  const deps: PaidGameDeps = {
    db,
    clock,
    mailer,
    jobs,
    realtime,
    publicOrigin: config.publicOrigin,
    log: app.log,
    stripe: payments.stripe,
    platformFeePercent: config.platformFeePercent,
  };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  definePaidGameWebhooks(payments, deps);
  jobs.define<PlayerLeftJob>(paidGameLeftJob, (data) => refundOnLeave(deps, data), refundRetries);
  jobs.define<{ eventId: string; occurrenceStartsAt: string | null; from?: string }>(
    paidGameCancelledJob,
    (data) => refundCancelledDates(deps, data),
    refundRetries,
  );
  jobs.define<SeasonWithdrawnJob>(paidSeasonWithdrawnJob, (data) => settleSeasonWithdrawal(deps, data), refundRetries);
  jobs.define<SpotLostJob>(paidSpotLostJob, (data) => refundLostSpot(deps, data), refundRetries);

  registerEndpoint(app, paidGameEndpoints.startCheckout, async ({ request, params, body }) =>
    startCheckout(deps, {
      actorId: await actor(request),
      eventId: params.eventId,
      occurrenceStartsAt: body.occurrenceStartsAt,
      friends: body.friends,
    }),
  );
  registerEndpoint(app, paidGameEndpoints.claimOfferCheckout, async ({ request, params }) =>
    claimOfferCheckout(deps, { actorId: await actor(request), eventId: params.eventId, partyId: params.partyId }),
  );
  registerEndpoint(app, paidGameEndpoints.startSeasonCheckout, async ({ request, params }) =>
    startSeasonCheckout(deps, { actorId: await actor(request), seasonId: params.seasonId }),
  );
  registerEndpoint(app, paidGameEndpoints.paymentBySession, async ({ request, query }) =>
    paymentOfSession(deps, { actorId: await actor(request), sessionId: query.sessionId }),
  );
  registerEndpoint(app, paidGameEndpoints.cancelCheckout, async ({ request, params }) =>
    cancelCheckout(deps, { actorId: await actor(request), paymentId: params.paymentId }),
  );
  registerEndpoint(app, paidGameEndpoints.refundPayment, async ({ request, params, body }) =>
    refundByOrganizer(deps, {
      actorId: await actor(request),
      paymentId: params.paymentId,
      amountCents: body.amountCents,
    }),
  );
  registerEndpoint(app, paidGameEndpoints.eventPayments, async ({ request, params, query }) =>
    listEventPayments(deps, { actorId: await actor(request), eventId: params.eventId, occurrence: query.occurrence }),
  );
  registerEndpoint(app, paidGameEndpoints.seasonPayments, async ({ request, params }) =>
    listSeasonRegistrationPayments(deps, { actorId: await actor(request), seasonId: params.seasonId }),
  );
  registerEndpoint(app, paidGameEndpoints.refundSeasonRegistration, async ({ request, params }) =>
    refundSeasonRegistration(deps, { actorId: await actor(request), ...params }),
  );
}
