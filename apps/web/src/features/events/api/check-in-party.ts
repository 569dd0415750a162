import { eventEndpoints } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function checkInParty({
  eventId,
  partyId,
  checkedIn,
}: {
  eventId: string;
  partyId: string;
  checkedIn: boolean;
}) {
  return apiRequest(eventEndpoints.checkInParty, { params: { eventId, partyId }, body: { checkedIn } });
}

/** Organizers check joiners in on the day (or undo it). */
export function useCheckInParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInParty,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
