import { placeEndpoints, type Bounds } from '@huddle/shared/places';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// Bounds to 4 decimals (about 10 m): a map nudged by a pixel asks nothing new.
const rounded = (bounds: Bounds): Bounds => ({
  south: Number(bounds.south.toFixed(4)),
  west: Number(bounds.west.toFixed(4)),
  north: Number(bounds.north.toFixed(4)),
  east: Number(bounds.east.toFixed(4)),
});

/** The query string discover/places asks for a map view (the server render asks the same, issue 33). */
export const placesInBoundsQuery = (bounds: Bounds) => ({ ...rounded(bounds), limit: 200 });

/** Spec §7 places by bounds: the places inside what the map shows. */
export function placesInBoundsQueryOptions(bounds: Bounds) {
  const query = placesInBoundsQuery(bounds);
  return queryOptions({
    queryKey: ['places', 'bounds', rounded(bounds)],
    queryFn: () => apiRequest(placeEndpoints.listPlacesInBounds, { query }),
  });
}

export function usePlacesInBounds(bounds: Bounds, enabled: boolean) {
  return useQuery({ ...placesInBoundsQueryOptions(bounds), enabled, placeholderData: keepPreviousData });
}
