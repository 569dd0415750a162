import { subscriptionEndpoints } from '@huddle/shared/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-query-keys.ts';

export function listPlans() {
  return apiRequest(subscriptionEndpoints.listPlans);
}

export function plansQueryOptions() {
  return queryOptions({ queryKey: subscriptionKeys.plans, queryFn: listPlans, staleTime: 5 * 60_000 });
}

/** Spec §7: the three plan collections. `enabled` follows the subscriptions flag. */
export function usePlans(enabled = true) {
  return useQuery({ ...plansQueryOptions(), enabled });
}
