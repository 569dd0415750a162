import { eventEndpoints } from '@huddle/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** The event view (spec §3): the event, creator, joiners, waitlist, favourites and spots left. */
export function getEvent(eventId: string, occurrence: string | null) {
  return apiRequest(eventEndpoints.getEvent, {
    params: { eventId },
    query: occurrence ? { occurrence } : {},
  });
}

export function eventQueryOptions(eventId: string, occurrence: string | null = null) {
  return queryOptions({
    queryKey: eventKeys.detail(eventId, occurrence),
    queryFn: () => getEvent(eventId, occurrence),
    // Switching to another date of the same event keeps the page in place while it loads;
    // another event never shows this one's data.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === eventId ? previous : undefined),
  });
}

export function useEvent(eventId: string, occurrence: string | null = null) {
  return useQuery(eventQueryOptions(eventId, occurrence));
}
