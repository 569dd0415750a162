import { paymentEndpoints, type LinkStripeAccountBody } from '@huddle/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** linkOrCreateStripeAccount (spec §7): the Stripe URL to go to, onboarding or OAuth. */
export function linkStripeAccount(body: LinkStripeAccountBody) {
  return apiRequest(paymentEndpoints.linkOrCreateStripeAccount, { body });
}

export function useLinkStripeAccount() {
  return useMutation({ mutationFn: linkStripeAccount });
}
