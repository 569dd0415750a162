import { paidGameEndpoints } from '@huddle/shared/paid-games';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often the page asks again while the webhook has not confirmed the payment yet. */
const pollMs = 1500;

/** The payer's payment of a Checkout session, read again until the webhook confirms it. */
export function usePaymentOfSession(sessionId: string | null) {
  return useQuery({
    queryKey: ['paid-games', 'payment-of-session', sessionId],
    queryFn: () => apiRequest(paidGameEndpoints.paymentBySession, { query: { sessionId: sessionId ?? '' } }),
    enabled: sessionId !== null,
    refetchInterval: (query) => (query.state.data?.payment.status === 'pending' ? pollMs : false),
  });
}
