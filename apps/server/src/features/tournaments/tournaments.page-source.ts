import { tournamentEndpoints } from '@huddle/shared/tournaments';
import type { AppDeps } from '../../app-deps.ts';
import { endpointReplyOrNull, type ContentPageReads } from '../../lib/content-page-sources.ts';
import { listTeamTournaments } from './tournaments.service.ts';

/** A team page's tournaments (decision 075's addendum): what GET /api/teams/{teamId}/tournaments sends this viewer. */
export function tournamentsPageSource({ db }: Pick<AppDeps, 'db'>): Pick<ContentPageReads, 'teamTournaments'> {
  return {
    teamTournaments: (_request, viewerId, teamId) =>
      endpointReplyOrNull(tournamentEndpoints.listForTeam, { teamId }, ({ teamId }) =>
        listTeamTournaments(db, { viewerId, teamId }),
      ),
  };
}
