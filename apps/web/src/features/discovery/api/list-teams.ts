import { teamEndpoints } from '@huddle/shared/teams';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Public teams for discover/teams: nearest first from the signed-in user's city
 * (spec §7 teams by location), or by name for everyone.
 */
export function useDiscoverTeams(search: string, near: boolean) {
  return useQuery({
    queryKey: ['teams', 'discover', search, near],
    queryFn: () =>
      apiRequest(teamEndpoints.listTeams, {
        query: { search: search || undefined, near: near ? 'true' : 'false', limit: 50 },
      }),
    placeholderData: keepPreviousData,
  });
}
