import { placeEndpoints, type Bounds } from '@huddle/shared/places';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// Bounds to 4 decimals (about 10 m): a map nudged by a pixel asks nothing new.
const rounded = (bounds: Bounds): Bounds => ({
  south: Number(bounds.south.toFixed(4)),
  west: Number(bounds.west.toFixed(4)),
  north: Number(bounds.north.toFixed(4)),
  east: Number(bounds.east.toFixed(4)),
});

/** Spec §7 places by bounds: the places inside what the map shows. */
export function usePlacesInBounds(bounds: Bounds, enabled: boolean) {
  const query = rounded(bounds);
  return useQuery({
    queryKey: ['places', 'bounds', query],
    queryFn: () => apiRequest(placeEndpoints.listPlacesInBounds, { query: { ...query, limit: 200 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
