import { addressQueryMinLength, placeEndpoints } from '@huddle/shared/places';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

interface Near {
  lat: number;
  lng: number;
}

/** Offline address autocomplete: known places first, then US cities, nearest first when a point is given. */
export function searchAddresses(q: string, near: Near | null) {
  return apiRequest(placeEndpoints.searchAddresses, { query: { q, ...(near ?? {}) } });
}

export function addressesQueryOptions(q: string, near: Near | null) {
  const text = q.trim();
  return queryOptions({
    queryKey: [...eventKeys.addresses(text.toLowerCase()), near?.lat ?? null, near?.lng ?? null],
    queryFn: () => searchAddresses(text, near),
    enabled: text.length >= addressQueryMinLength,
    staleTime: 60_000,
    // The list stays while the next keystroke's answer loads, so it does not flicker.
    placeholderData: keepPreviousData,
  });
}

export function useAddressSuggestions(q: string, near: Near | null) {
  return useQuery(addressesQueryOptions(q, near));
}
