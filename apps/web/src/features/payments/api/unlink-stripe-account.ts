import { paymentEndpoints } from '@huddle/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stripeAccountQueryKey } from './get-stripe-account.ts';

/** unlinkStripeAccount (spec §7): clears the three payment-account fields. */
export function unlinkStripeAccount() {
  return apiRequest(paymentEndpoints.unlinkStripeAccount);
}

export function useUnlinkStripeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkStripeAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stripeAccountQueryKey }),
  });
}
