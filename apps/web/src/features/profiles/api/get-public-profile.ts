import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const publicProfileQueryKey = (userId: string) => ['public-profile', userId] as const;

export function getPublicProfile(userId: string) {
  return apiRequest(profileEndpoints.getPublicProfile, { params: { userId } });
}

export function publicProfileQueryOptions(userId: string) {
  return queryOptions({ queryKey: publicProfileQueryKey(userId), queryFn: () => getPublicProfile(userId) });
}

export function usePublicProfile(userId: string) {
  return useQuery(publicProfileQueryOptions(userId));
}
