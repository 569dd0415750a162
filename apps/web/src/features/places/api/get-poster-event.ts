import { eventEndpoints } from '@huddle/shared/events';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The event a poster is printed for: its title, place and next time. */
export function usePosterEvent(eventId: string | null) {
  return useQuery({
    queryKey: ['poster', 'event', eventId],
    queryFn: () => apiRequest(eventEndpoints.getEvent, { params: { eventId: eventId ?? '' }, query: {} }),
    enabled: eventId !== null,
  });
}
