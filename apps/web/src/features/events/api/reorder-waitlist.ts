import { eventEndpoints } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

interface ReorderInput {
  eventId: string;
  occurrenceStartsAt: string;
  /** Every waiting party of the occurrence, in the new order. */
  partyIds: string[];
}

export function reorderWaitlist({ eventId, occurrenceStartsAt, partyIds }: ReorderInput) {
  return apiRequest(eventEndpoints.reorderWaitlist, { params: { eventId }, body: { occurrenceStartsAt, partyIds } });
}

export function useReorderWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderWaitlist,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
