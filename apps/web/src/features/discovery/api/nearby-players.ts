import { discoveryEndpoints } from '@huddle/shared/discovery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

type Origin = { lat: number; lng: number };

/** The query string discover/players asks (the server render asks the same, issue 33). */
export const nearbyPlayersListQuery = (origin: Origin) => ({ lat: origin.lat, lng: origin.lng, limit: 50 });

/** Players nearest to a point (the viewer's city); the server leaves out the viewer and blocked people. */
export function nearbyPlayersQueryOptions(origin: Origin | null) {
  return queryOptions({
    queryKey: ['players', 'nearby', origin?.lat, origin?.lng, 50],
    queryFn: () =>
      apiRequest(discoveryEndpoints.nearbyPlayers, { query: nearbyPlayersListQuery(origin ?? { lat: 0, lng: 0 }) }),
  });
}

export function useNearbyPlayers(origin: Origin | null) {
  return useQuery({ ...nearbyPlayersQueryOptions(origin), enabled: origin !== null });
}
