import { adminEndpoints } from '@huddle/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUsersKey } from './search-users.ts';

export const adminUserKey = (userId: string) => [...adminUsersKey, 'one', userId] as const;

export function useAdminUser(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: adminUserKey(userId),
      queryFn: () => apiRequest(adminEndpoints.getUser, { params: { userId } }),
    }),
  );
}
