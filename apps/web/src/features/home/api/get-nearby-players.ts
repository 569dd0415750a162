import { discoveryEndpoints, type PlayerHit } from '@huddle/shared/discovery';
import { apiRequest } from '../../../lib/api-client.ts';
import { homeListLimit } from '../home-block-state.ts';
import type { HomeBlockQuery } from '../use-home-block.ts';

/** Spec §7 users by location for home (lat, lng, 0, 7); the server leaves out the user. */
export function nearbyPlayersBlockQuery(city: { lat: number; lng: number } | null): HomeBlockQuery<PlayerHit> {
  return {
    queryKey: ['home', 'nearby-players', city?.lat, city?.lng],
    queryFn: async () =>
      (await apiRequest(discoveryEndpoints.nearbyPlayers, { query: nearbyPlayersQuery(city) })).players,
    enabled: city !== null,
  };
}

/** The block's query string (the server render asks the same, issue 33). */
export const nearbyPlayersQuery = (city: { lat: number; lng: number } | null) => ({
  lat: city?.lat ?? 0,
  lng: city?.lng ?? 0,
  limit: homeListLimit,
});
