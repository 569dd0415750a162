import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §1: a remote flag controls badges; the page asks again every minute so a change shows up. */
export const configRefreshMs = 60_000;

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
