import { eventEndpoints } from '@huddle/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

export function claimOffer({ eventId, partyId }: { eventId: string; partyId: string }) {
  return apiRequest(eventEndpoints.claimOffer, { params: { eventId, partyId } });
}

export function useClaimOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimOffer,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
