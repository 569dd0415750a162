import { tournamentEndpoints } from '@huddle/shared/tournaments';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { getTournament, listTeamTournaments } from './tournaments.service.ts';

/**
 * A team page's tournaments and a tournament's page (decision 075's addendum): what
 * GET /api/teams/{teamId}/tournaments and GET /api/tournaments/{tournamentId} send this viewer.
 */
export function tournamentsPageSource({
  db,
}: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'teamTournaments' | 'tournament'> {
  return {
    teamTournaments: (_request, viewerId, teamId) =>
      endpointReplyOrNull(tournamentEndpoints.listForTeam, { teamId }, ({ teamId }) =>
        listTeamTournaments(db, { viewerId, teamId }),
      ),
    // tournament/{id}: public as its team is (a private team's tournament is an error for an outsider).
    tournament: (_request, viewerId, tournamentId) =>
      endpointReplyOrNull(tournamentEndpoints.get, { tournamentId }, ({ tournamentId }) =>
        getTournament(db, { viewerId, tournamentId }),
      ),
  };
}
