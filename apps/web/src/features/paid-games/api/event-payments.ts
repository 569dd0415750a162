import { paidGameEndpoints, type RefundBody } from '@huddle/shared/paid-games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const eventPaymentsKey = (eventId: string, occurrence: string) => ['paid-games', 'event-payments', eventId, occurrence];

/** The payments of one date of a game, for its organizers. */
export function useEventPayments(eventId: string, occurrence: string) {
  return useQuery({
    queryKey: eventPaymentsKey(eventId, occurrence),
    queryFn: () => apiRequest(paidGameEndpoints.eventPayments, { params: { eventId }, query: { occurrence } }),
  });
}

/** An organizer's refund, in full (no amount) or in part. */
export function useRefundPayment(eventId: string, occurrence: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundBody }) =>
      apiRequest(paidGameEndpoints.refundPayment, { params: { paymentId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPaymentsKey(eventId, occurrence) }),
  });
}
