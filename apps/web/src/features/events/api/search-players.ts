import { eventOrganizerEndpoints } from '@huddle/shared/event-organizer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/** People an organizer may add (issue 11): by exact email, or by name among people they play with. */
export function useSearchPlayers(eventId: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: eventKeys.playerSearch(eventId, query),
    queryFn: () => apiRequest(eventOrganizerEndpoints.searchPlayers, { params: { eventId }, query: { q: query } }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
  });
}
