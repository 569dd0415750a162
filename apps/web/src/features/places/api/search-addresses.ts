import { placeEndpoints } from '@huddle/shared/places';
import { addressSearchQuery } from '@huddle/contracts/places';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Address autocomplete that works offline (issue 5): known places first, then US cities,
 * nearest first to `near` when given. Nothing is asked for under 2 letters.
 */
export function useAddressSuggestions(q: string, near: { lat: number; lng: number } | null) {
  const text = q.trim();
  const enabled = addressSearchQuery.safeParse({ q: text }).success;
  return useQuery({
    queryKey: ['places', 'addresses', text.toLowerCase(), near?.lat, near?.lng],
    queryFn: () =>
      apiRequest(placeEndpoints.searchAddresses, {
        query: { q: text, ...(near && { lat: near.lat, lng: near.lng }) },
      }),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}
