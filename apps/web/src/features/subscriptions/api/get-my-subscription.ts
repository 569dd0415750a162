import { subscriptionEndpoints } from '@huddle/shared/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-query-keys.ts';

export function getMySubscription() {
  return apiRequest(subscriptionEndpoints.getMySubscription);
}

/** The signed-in user's plan on each variant (spec §3); polls after a Checkout as the team query does. */
export function useMySubscription({ enabled = true, awaitingCheckout = false } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.mine,
    queryFn: getMySubscription,
    enabled,
    refetchInterval: (query) => (awaitingCheckout && !query.state.data?.subscription.active ? 1000 : false),
  });
}
