import { eventEndpoints } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function leaveEvent({ eventId, occurrence }: { eventId: string; occurrence: string }) {
  return apiRequest(eventEndpoints.leaveEvent, { params: { eventId }, query: { occurrence } });
}

/** Leaves the occurrence or its waitlist, or declines an offer. */
export function useLeaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveEvent,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
