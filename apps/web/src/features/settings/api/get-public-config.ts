import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Spec §1: remote flags control badges and subscriptions; the page asks again so a change shows
 * up. Spec §9: the minimum fetch interval is 10 s in development. Elsewhere the spec gives none;
 * Huddle asks every minute, which the server's 10 s cache absorbs. (Kept here, not in
 * @huddle/shared/limits: that module is in the sign-in page's first chunk, decision 023.)
 */
export function configRefreshMsFor(development: boolean): number {
  return development ? 10_000 : 60_000;
}

export const configRefreshMs = configRefreshMsFor(import.meta.env.DEV);

export function getPublicConfig() {
  return apiRequest(profileEndpoints.getPublicConfig);
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: configRefreshMs,
    refetchInterval: configRefreshMs,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
