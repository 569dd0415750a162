import { subscriptionEndpoints, type CreateSubscriptionBody } from '@huddle/shared/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-query-keys.ts';

export function createSubscription(body: CreateSubscriptionBody) {
  return apiRequest(subscriptionEndpoints.createSubscription, { body });
}

/** Spec §7 createSubscription: Checkout, a change, or a cancel (spec §4), by what the subscriber has now. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
