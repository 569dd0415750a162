import { errorReply } from '@huddle/shared/error-reply';
import { seasonEndpoints, seasonIdParams } from '@huddle/shared/seasons';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import { removeSeasonRegistration } from '../paid-games/season-refunds.service.ts';
import {
  createGroup,
  createSeason,
  createSessions,
  deleteGroup,
  deleteSeason,
  exportRegistrationsCsv,
  getSeason,
  listMyRegistrations,
  listRegistrations,
  listSeasons,
  listSessions,
  register,
  updateRegistration,
  updateSeason,
} from './seasons.service.ts';

export function registerSeasonRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, mailer, clock, config, jobs, realtime, payments } = appDeps;
  const registrationDeps = { db, mailer, clock, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };
  // A paid registration's withdrawal refunds by the season's rule (paid-games feature, decision 043).
  const paidDeps = { ...registrationDeps, stripe: payments.stripe, platformFeePercent: config.platformFeePercent };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);

  registerEndpoint(app, seasonEndpoints.createSeason, async ({ request, params, body }) =>
    createSeason(db, { actorId: await actor(request), teamId: params.teamId, season: body }),
  );
  registerEndpoint(app, seasonEndpoints.listSeasons, async ({ request, params }) =>
    listSeasons(db, { viewerId: await viewer(request), teamId: params.teamId }),
  );
  registerEndpoint(app, seasonEndpoints.getSeason, async ({ request, params }) =>
    getSeason(db, { viewerId: await viewer(request), seasonId: params.seasonId }),
  );
  registerEndpoint(app, seasonEndpoints.updateSeason, async ({ request, params, body }) =>
    updateSeason(db, { actorId: await actor(request), seasonId: params.seasonId, season: body }),
  );
  registerEndpoint(app, seasonEndpoints.deleteSeason, async ({ request, params }) => {
    await deleteSeason(db, { actorId: await actor(request), seasonId: params.seasonId });
    return { ok: true as const };
  });
  registerEndpoint(app, seasonEndpoints.createGroup, async ({ request, params, body }) =>
    createGroup(db, { actorId: await actor(request), seasonId: params.seasonId, name: body.name }),
  );
  registerEndpoint(app, seasonEndpoints.deleteGroup, async ({ request, params }) =>
    deleteGroup(db, { actorId: await actor(request), ...params }),
  );
  registerEndpoint(app, seasonEndpoints.createSessions, async ({ request, params, body }) =>
    createSessions(db, { actorId: await actor(request), seasonId: params.seasonId, session: body }),
  );
  registerEndpoint(app, seasonEndpoints.listSessions, async ({ request, params }) =>
    listSessions(db, { viewerId: await viewer(request), seasonId: params.seasonId }),
  );
  registerEndpoint(
    app,
    seasonEndpoints.register,
    async ({ request, params, body }) =>
      register(registrationDeps, {
        viewerId: await viewer(request),
        seasonId: params.seasonId,
        guest: body.guest,
        now: clock.now(),
      }),
    // Guest registrations take places and mail any address given (issue 10): a few per client address.
    guestRateLimit(auth, config.guestRateLimitMax),
  );
  registerEndpoint(app, seasonEndpoints.listRegistrations, async ({ request, params }) =>
    listRegistrations(db, { actorId: await actor(request), seasonId: params.seasonId }),
  );
  registerEndpoint(app, seasonEndpoints.updateRegistration, async ({ request, params, body }) =>
    updateRegistration(registrationDeps, { actorId: await actor(request), ...params, changes: body }),
  );
  registerEndpoint(app, seasonEndpoints.removeRegistration, async ({ request, params }) => {
    await removeSeasonRegistration(paidDeps, { actorId: await actor(request), ...params });
    return { ok: true as const };
  });
  registerEndpoint(app, seasonEndpoints.listMyRegistrations, async ({ request }) =>
    listMyRegistrations(db, { actorId: await actor(request) }),
  );

  // CSV is not JSON, so this one is declared here; errors still use the error reply.
  app.get(
    '/api/seasons/:seasonId/registrations.csv',
    {
      schema: {
        summary: 'Registrations of a season as CSV (owner and organizers)',
        tags: ['seasons'],
        params: seasonIdParams,
        // The OpenAPI document says what this answers, so client generators do not expect JSON.
        response: {
          200: {
            description: 'One row per registration, with a header row',
            content: { 'text/csv': { schema: z.string() } },
          },
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const { seasonId } = request.params as { seasonId: string };
      const { filename, csv } = await exportRegistrationsCsv(db, { actorId: await actor(request), seasonId });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}
