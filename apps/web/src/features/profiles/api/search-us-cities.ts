import { profileEndpoints } from '@huddle/shared/profiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const cityQueryMinLength = 2;

export function searchUsCities(q: string) {
  return apiRequest(profileEndpoints.searchUsCities, { query: { q } });
}

export function usCitiesQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['us-cities', q.trim().toLowerCase()],
    queryFn: () => searchUsCities(q.trim()),
    staleTime: 60 * 60_000,
  });
}

/** Cities for what the person typed (already debounced by the caller); nothing under 2 letters. */
export function useUsCities(q: string) {
  const enabled = q.trim().length >= cityQueryMinLength;
  return useQuery({ ...usCitiesQueryOptions(q), enabled, placeholderData: enabled ? keepPreviousData : undefined });
}
