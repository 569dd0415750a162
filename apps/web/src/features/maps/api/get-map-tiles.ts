import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The tile server from the public config (GET /api/config), or null: without one (the
 * default, and any install without network) the map draws its own US outline instead.
 * Its own key: the settings pages cache the whole config under ['public-config'].
 */
export function mapTilesQueryOptions() {
  return queryOptions({
    queryKey: ['public-config', 'map-tiles'],
    queryFn: async () => (await apiRequest(profileEndpoints.getPublicConfig)).mapTiles,
    // Tiles change only with a deploy.
    staleTime: 60 * 60_000,
  });
}

export function useMapTiles() {
  return useQuery(mapTilesQueryOptions());
}
