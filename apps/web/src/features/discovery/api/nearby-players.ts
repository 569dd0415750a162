import { discoveryEndpoints } from '@huddle/shared/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Players nearest to a point (the viewer's city); the server leaves out the viewer and blocked people. */
export function useNearbyPlayers(origin: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: ['players', 'nearby', origin?.lat, origin?.lng, 50],
    queryFn: () =>
      apiRequest(discoveryEndpoints.nearbyPlayers, {
        query: { lat: origin?.lat ?? 0, lng: origin?.lng ?? 0, limit: 50 },
      }),
    enabled: origin !== null,
  });
}
