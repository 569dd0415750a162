import { paidGameEndpoints } from '@huddle/shared/paid-games';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The payer left Checkout by Cancel: the session ends and the held spot is released. */
export function useCancelCheckout() {
  return useMutation({
    mutationFn: (paymentId: string) => apiRequest(paidGameEndpoints.cancelCheckout, { params: { paymentId } }),
  });
}
