import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * 'local' when the built-in test provider takes payments (no Stripe keys; decision 029): the
 * payment screens say "Test payments". Its own key beside the settings' whole-config query.
 */
export function paymentsModeQueryOptions() {
  return queryOptions({
    queryKey: ['public-config', 'payments-mode'],
    queryFn: async () => (await apiRequest(profileEndpoints.getPublicConfig)).paymentsMode,
    staleTime: 60 * 60_000,
  });
}

export function usePaymentsMode() {
  return useQuery(paymentsModeQueryOptions());
}
