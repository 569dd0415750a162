import { eventEndpoints } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function removeParty({ eventId, partyId }: { eventId: string; partyId: string }) {
  return apiRequest(eventEndpoints.removeParty, { params: { eventId, partyId } });
}

/** Organizers remove a joiner or a waiting party. */
export function useRemoveParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeParty,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
