import { eventEndpoints, type EventSummary } from '@huddle/shared/events';
import { apiRequest } from '../../../lib/api-client.ts';
import { homeListLimit } from '../home-block-state.ts';
import type { HomeBlockQuery } from '../use-home-block.ts';

/** Spec §7 events by location for home: future events nearest to the user's city, no radius, first 7. */
export function nearbyEventsBlockQuery(city: { lat: number; lng: number } | null): HomeBlockQuery<EventSummary> {
  return {
    queryKey: ['home', 'nearby-events', city?.lat, city?.lng],
    queryFn: async () =>
      (
        await apiRequest(eventEndpoints.nearbyEvents, {
          query: { lat: city?.lat ?? 0, lng: city?.lng ?? 0, limit: homeListLimit },
        })
      ).events,
    enabled: city !== null,
  };
}
