import { tournamentEndpoints } from '@huddle/shared/tournaments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tournamentKeys } from './tournament-query-keys.ts';

/** The tournaments the signed-in person organizes or captains a side in. */
export function useMyTournaments(enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.mine,
    queryFn: () => apiRequest(tournamentEndpoints.listMine),
    enabled,
  });
}

/** A team's tournaments (public as the team is). */
export function useTeamTournaments(teamId: string | null) {
  return useQuery({
    queryKey: tournamentKeys.ofTeam(teamId ?? ''),
    queryFn: () => apiRequest(tournamentEndpoints.listForTeam, { params: { teamId: teamId ?? '' } }),
    enabled: teamId !== null,
  });
}
