import { eventOrganizerEndpoints } from '@huddle/shared/event-organizer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function cancelOccurrence({ eventId, occurrenceStartsAt }: { eventId: string; occurrenceStartsAt: string }) {
  return apiRequest(eventOrganizerEndpoints.cancelOccurrence, { params: { eventId }, body: { occurrenceStartsAt } });
}

/** One date of a series called off (issue 11); every view of the event refreshes. */
export function useCancelOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOccurrence,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
