import { subscriptionEndpoints } from '@huddle/shared/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-query-keys.ts';

export function getTeamSubscription(teamId: string) {
  return apiRequest(subscriptionEndpoints.getTeamSubscription, { params: { teamId } });
}

/**
 * A team's plan (owner and organizers). `awaitingCheckout` polls while a Checkout that just
 * completed reaches Huddle through the webhook (the redirect itself proves nothing).
 */
export function useTeamSubscription(teamId: string | undefined, { enabled = true, awaitingCheckout = false } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.team(teamId ?? ''),
    queryFn: () => getTeamSubscription(teamId ?? ''),
    enabled: enabled && Boolean(teamId),
    refetchInterval: (query) => (awaitingCheckout && !query.state.data?.subscription.active ? 1000 : false),
  });
}
