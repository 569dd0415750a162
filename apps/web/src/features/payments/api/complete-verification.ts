import { paymentEndpoints } from '@huddle/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Complete Verification (spec §2): a Stripe onboarding link for what is currently due. */
export function completeVerification() {
  return apiRequest(paymentEndpoints.completeVerification);
}

export function useCompleteVerification() {
  return useMutation({ mutationFn: completeVerification });
}
