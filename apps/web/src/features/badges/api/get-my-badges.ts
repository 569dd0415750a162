import { badgeEndpoints } from '@huddle/shared/badges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function myBadgesQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'badges'],
    queryFn: async () => (await apiRequest(badgeEndpoints.myBadges)).badges,
  });
}

/** The signed-in person's badges with their progress (decision 064); asked only while the badges flag is on. */
export function useMyBadges(enabled: boolean) {
  return useQuery({ ...myBadgesQueryOptions(), enabled });
}
