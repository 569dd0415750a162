import { eventOrganizerEndpoints, type AddPlayerBody } from '@huddle/shared/event-organizer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function addPlayer({ eventId, body }: { eventId: string; body: AddPlayerBody }) {
  return apiRequest(eventOrganizerEndpoints.addPlayer, { params: { eventId }, body });
}

/** An organizer puts a player on a date: a spot, or the waitlist when full (issue 11). */
export function useAddPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlayer,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
