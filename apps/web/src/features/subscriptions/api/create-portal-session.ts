import { subscriptionEndpoints, type SubscriptionTargetBody } from '@huddle/shared/subscriptions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function createPortalSession(body: SubscriptionTargetBody) {
  return apiRequest(subscriptionEndpoints.createPortalSession, { body });
}

/** Manage Subscription: a billing portal session, opened in a new tab (spec §2). */
export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
