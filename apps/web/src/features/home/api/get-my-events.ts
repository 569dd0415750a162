import { eventEndpoints, type EventSummary } from '@huddle/shared/events';
import type { EndpointReply } from '@huddle/shared/endpoint';
import { apiRequest } from '../../../lib/api-client.ts';
import type { HomeBlockQuery } from '../use-home-block.ts';

/**
 * Spec §4: the user's events (created or joined), by next occurrence, those without one
 * last (the server's order); cancelled and past events are left out.
 */
export function myEventsBlockQuery(): HomeBlockQuery<EventSummary> {
  return {
    queryKey: myEventsKey,
    queryFn: async () => upcomingOf(await apiRequest(eventEndpoints.myEvents)),
    enabled: true,
  };
}

export const myEventsKey = ['home', 'my-events'] as const;

/** What the block keeps of GET /api/me/events' reply (the server render fills the block with it too, issue 33). */
export const upcomingOf = (reply: EndpointReply<typeof eventEndpoints.myEvents>): EventSummary[] =>
  reply.events.filter((event) => !event.cancelled && !event.inPast);
