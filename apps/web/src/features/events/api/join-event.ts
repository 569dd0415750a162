import { eventEndpoints, type JoinEventBody } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function joinEvent({ eventId, body }: { eventId: string; body: JoinEventBody }) {
  return apiRequest(eventEndpoints.joinEvent, { params: { eventId }, body });
}

/** Joins the occurrence, or its waitlist when it is full: the reply's party says which. */
export function useJoinEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinEvent,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
