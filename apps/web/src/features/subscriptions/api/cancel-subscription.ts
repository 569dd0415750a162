import { subscriptionEndpoints, type SubscriptionTargetBody } from '@huddle/shared/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-query-keys.ts';

export function cancelSubscription(body: SubscriptionTargetBody) {
  return apiRequest(subscriptionEndpoints.cancelSubscription, { body });
}

/** Spec §7 cancelSubscription(type, id, platform): back to Rookie or Free. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
