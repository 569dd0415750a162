import { teamEndpoints } from '@huddle/shared/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function listMyTeams() {
  return apiRequest(teamEndpoints.listMyTeams);
}

export function myTeamsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.mine, queryFn: listMyTeams });
}

export function useMyTeams() {
  return useQuery(myTeamsQueryOptions());
}
