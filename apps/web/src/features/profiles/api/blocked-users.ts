import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicProfileQueryKey } from './get-public-profile.ts';

/*
 * Block and unblock sit together: both answer with the new blocklist, which is put in
 * the cache, and the blocked player's public profile is read again (it changes with it).
 */
const blockedUsersQueryKey = ['blocked-users'] as const;

export function listBlockedUsers() {
  return apiRequest(profileEndpoints.listBlockedUsers);
}

export function blockedUsersQueryOptions() {
  return queryOptions({ queryKey: blockedUsersQueryKey, queryFn: listBlockedUsers });
}

export function useBlockedUsers() {
  return useQuery(blockedUsersQueryOptions());
}

export function blockUser(userId: string) {
  return apiRequest(profileEndpoints.blockUser, { body: { userId } });
}

export function unblockUser(userId: string) {
  return apiRequest(profileEndpoints.unblockUser, { params: { userId } });
}

function useBlocklistMutation(mutationFn: typeof blockUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (reply, userId) => {
      queryClient.setQueryData(blockedUsersQueryKey, reply);
      await queryClient.invalidateQueries({ queryKey: publicProfileQueryKey(userId) });
    },
  });
}

export function useBlockUser() {
  return useBlocklistMutation(blockUser);
}

export function useUnblockUser() {
  return useBlocklistMutation(unblockUser);
}
