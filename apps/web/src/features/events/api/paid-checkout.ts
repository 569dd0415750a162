import { paidGameEndpoints, type PaidCheckoutBody } from '@huddle/shared/paid-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './event-query-keys.ts';

/**
 * A paid game (decision 033): the spot is held and Checkout opens (the reply's url), or the
 * waitlist takes the party when the game is full. A claimed offer goes through Checkout too.
 */
export function startCheckout(
  input: { eventId: string; body: PaidCheckoutBody } | { eventId: string; partyId: string; body?: undefined },
) {
  if ('partyId' in input) {
    return apiRequest(paidGameEndpoints.claimOfferCheckout, {
      params: { eventId: input.eventId, partyId: input.partyId },
    });
  }
  return apiRequest(paidGameEndpoints.startCheckout, { params: { eventId: input.eventId }, body: input.body });
}

export function usePaidCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    onSettled: (_reply, _error, { eventId }) => queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
  });
}
