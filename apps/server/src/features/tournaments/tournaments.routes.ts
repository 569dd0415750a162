import { tournamentEndpoints, tournamentTopicPrefix } from '@huddle/shared/tournaments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { findSessionUserId, requireSessionUserId } from '../../lib/session.ts';
import {
  createTournament,
  deleteTournament,
  enterScore,
  generateSchedule,
  getTournament,
  listMyTournaments,
  listTeamTournaments,
  mayWatchTournament,
  setEntrants,
  updateTournamentDetails,
} from './tournaments.service.ts';

export function registerTournamentRoutes(app: FastifyInstance, { db, auth, realtime, clock }: AppDeps): void {
  const deps = { db, realtime, clock };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);
  const viewer = (request: FastifyRequest) => findSessionUserId(auth, request);
  realtime.allowTopic(tournamentTopicPrefix, (viewerId, tournamentId) =>
    mayWatchTournament(db, { viewerId, tournamentId }),
  );

  registerEndpoint(app, tournamentEndpoints.create, async ({ request, params, body }) =>
    createTournament(db, { actorId: await actor(request), teamId: params.teamId, tournament: body }),
  );
  registerEndpoint(app, tournamentEndpoints.listForTeam, async ({ request, params }) =>
    listTeamTournaments(db, { viewerId: await viewer(request), teamId: params.teamId }),
  );
  registerEndpoint(app, tournamentEndpoints.listMine, async ({ request }) =>
    listMyTournaments(db, { actorId: await actor(request) }),
  );
  registerEndpoint(app, tournamentEndpoints.get, async ({ request, params }) =>
    getTournament(db, { viewerId: await viewer(request), tournamentId: params.tournamentId }),
  );
  registerEndpoint(app, tournamentEndpoints.update, async ({ request, params, body }) =>
    updateTournamentDetails(deps, { actorId: await actor(request), tournamentId: params.tournamentId, details: body }),
  );
  registerEndpoint(app, tournamentEndpoints.remove, async ({ request, params }) => {
    await deleteTournament(db, { actorId: await actor(request), tournamentId: params.tournamentId });
    return { ok: true as const };
  });
  registerEndpoint(app, tournamentEndpoints.setEntrants, async ({ request, params, body }) =>
    setEntrants(db, { actorId: await actor(request), tournamentId: params.tournamentId, entrants: body.entrants }),
  );
  registerEndpoint(app, tournamentEndpoints.schedule, async ({ request, params }) =>
    generateSchedule(deps, { actorId: await actor(request), tournamentId: params.tournamentId }),
  );
  registerEndpoint(app, tournamentEndpoints.score, async ({ request, params, body }) =>
    enterScore(deps, { actorId: await actor(request), ...params, score: body }),
  );
}
