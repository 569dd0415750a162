import { accountEndpoints } from '@huddle/shared/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionQueryKey = ['session'] as const;

export function getSession() {
  return apiRequest(accountEndpoints.getSession);
}

/** The signed-in user or null. Guards read it before a page loads; pages read it again from the cache. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 5 * 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
