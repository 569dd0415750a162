import { getSessionEndpoint } from '@huddle/shared/accounts';
import type { CurrentUser } from '@huddle/shared/users';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionQueryKey = ['session'] as const;

export function getSession() {
  return apiRequest(getSessionEndpoint);
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

/** Puts a fresh copy of the signed-in user (another feature's reply, such as feedback) into the session. */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback((user: CurrentUser) => queryClient.setQueryData(sessionQueryKey, { user }), [queryClient]);
}
