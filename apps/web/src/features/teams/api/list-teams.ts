import { teamEndpoints } from '@huddle/shared/teams';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Public teams by name; `near` sorts nearest first from the signed-in user's city. */
export function useTeamSearch(search: string, near: boolean) {
  return useQuery({
    queryKey: ['teams', 'search', search, near],
    queryFn: () =>
      apiRequest(teamEndpoints.listTeams, {
        query: { search: search || undefined, near: near ? 'true' : 'false', limit: 30 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFollowedTeams() {
  return useQuery({ queryKey: ['teams', 'followed'], queryFn: () => apiRequest(teamEndpoints.listFollowedTeams) });
}
