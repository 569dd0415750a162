import { teamEndpoints, type TeamDetail } from '@huddle/shared/teams';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function getTeam(teamId: string) {
  return apiRequest(teamEndpoints.getTeam, { params: { teamId } });
}

export function teamQueryOptions(teamId: string) {
  return queryOptions({ queryKey: teamKeys.detail(teamId), queryFn: () => getTeam(teamId) });
}

export function useTeam(teamId: string) {
  return useQuery(teamQueryOptions(teamId));
}

/** Most team actions answer with the whole team: put it straight into the cache. */
export function useSetTeam() {
  const queryClient = useQueryClient();
  return useCallback(
    (team: TeamDetail) => {
      queryClient.setQueryData(teamKeys.detail(team.id), team);
      void queryClient.invalidateQueries({ queryKey: teamKeys.mine });
    },
    [queryClient],
  );
}
