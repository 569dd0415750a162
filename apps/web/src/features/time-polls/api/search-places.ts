import { addressQueryMinLength, placeEndpoints } from '@huddle/shared/places';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Places already on Huddle whose name or address matches: a poll names one of them, or none. */
export function usePlaceSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['time-polls', 'places', q],
    queryFn: async () => {
      const { suggestions } = await apiRequest(placeEndpoints.searchAddresses, { query: { q } });
      return suggestions.flatMap((suggestion) =>
        suggestion.kind === 'place' && suggestion.placeId
          ? [{ id: suggestion.placeId, label: `${suggestion.name} · ${suggestion.formattedAddress}` }]
          : [],
      );
    },
    enabled: q.length >= addressQueryMinLength,
    staleTime: 60_000,
  });
}

/** The name of a place handed over by "Send a poll" (find a time). */
export function usePlaceName(placeId: string | undefined) {
  return useQuery({
    queryKey: ['time-polls', 'place', placeId ?? ''],
    queryFn: async () => (await apiRequest(placeEndpoints.getPlace, { params: { placeId: placeId ?? '' } })).place.name,
    enabled: Boolean(placeId),
    staleTime: 60_000,
  });
}
