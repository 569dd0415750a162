import { eventEndpoints, type EventSummary } from '@huddle/shared/events';
import { apiRequest } from '../../../lib/api-client.ts';
import type { HomeBlockQuery } from '../use-home-block.ts';

/**
 * Spec §4: the user's events (created or joined), by next occurrence, those without one
 * last (the server's order); cancelled and past events are left out.
 */
export function myEventsBlockQuery(): HomeBlockQuery<EventSummary> {
  return {
    queryKey: ['home', 'my-events'],
    queryFn: async () =>
      (await apiRequest(eventEndpoints.myEvents)).events.filter((event) => !event.cancelled && !event.inPast),
    enabled: true,
  };
}
