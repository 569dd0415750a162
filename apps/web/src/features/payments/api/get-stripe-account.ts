import { paymentEndpoints } from '@huddle/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const stripeAccountQueryKey = ['payments', 'stripe-account'] as const;

export function getStripeAccount() {
  return apiRequest(paymentEndpoints.getAccount);
}

export function stripeAccountQueryOptions() {
  return queryOptions({ queryKey: stripeAccountQueryKey, queryFn: getStripeAccount });
}

/** The signed-in person's connected account: status and what Stripe still needs (spec §3). */
export function useStripeAccount() {
  return useQuery(stripeAccountQueryOptions());
}
