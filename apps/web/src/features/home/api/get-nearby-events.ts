import { eventEndpoints, type EventSummary } from '@huddle/shared/events';
import { apiRequest } from '../../../lib/api-client.ts';
import { homeListLimit } from '../home-block-state.ts';
import type { HomeBlockQuery } from '../use-home-block.ts';

/** Spec §7 events by location for home: future events nearest to the user's city, no radius, first 7. */
export function nearbyEventsBlockQuery(city: { lat: number; lng: number } | null): HomeBlockQuery<EventSummary> {
  return {
    queryKey: ['home', 'nearby-events', city?.lat, city?.lng],
    queryFn: async () => (await apiRequest(eventEndpoints.nearbyEvents, { query: nearbyEventsQuery(city) })).events,
    enabled: city !== null,
  };
}

/** The block's query string (the server render asks the same, issue 33). */
export const nearbyEventsQuery = (city: { lat: number; lng: number } | null) => ({
  lat: city?.lat ?? 0,
  lng: city?.lng ?? 0,
  limit: homeListLimit,
});
