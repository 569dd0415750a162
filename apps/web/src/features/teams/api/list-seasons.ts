import { seasonEndpoints } from '@huddle/shared/seasons';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function useTeamSeasons(teamId: string) {
  return useQuery({
    queryKey: teamKeys.seasons(teamId),
    queryFn: () => apiRequest(seasonEndpoints.listSeasons, { params: { teamId } }),
  });
}
