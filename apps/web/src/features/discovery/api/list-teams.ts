import { teamEndpoints } from '@huddle/shared/teams';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The query string discover/teams asks (the server render asks the same for its first list, issue 33). */
export const discoverTeamsQuery = (search: string, near: boolean) => ({
  search: search || undefined,
  near: near ? ('true' as const) : ('false' as const),
  limit: 50,
});

/**
 * Public teams for discover/teams: nearest first from the signed-in user's city
 * (spec §7 teams by location), or by name for everyone.
 */
export function discoverTeamsQueryOptions(search: string, near: boolean) {
  return queryOptions({
    queryKey: ['teams', 'discover', search, near],
    queryFn: () => apiRequest(teamEndpoints.listTeams, { query: discoverTeamsQuery(search, near) }),
  });
}

export function useDiscoverTeams(search: string, near: boolean) {
  return useQuery({ ...discoverTeamsQueryOptions(search, near), placeholderData: keepPreviousData });
}
