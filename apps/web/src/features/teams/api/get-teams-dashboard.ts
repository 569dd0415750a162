import { teamEndpoints } from '@huddle/shared/teams';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function useTeamsDashboard() {
  return useQuery({
    queryKey: [...teamKeys.all, 'dashboard'],
    queryFn: () => apiRequest(teamEndpoints.getTeamsDashboard),
  });
}
