import { adminEndpoints } from '@huddle/shared/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminUsersKey = ['admin', 'users'] as const;

export function adminUsersQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...adminUsersKey, 'search', search],
    queryFn: async () => (await apiRequest(adminEndpoints.listUsers, { query: { q: search || undefined } })).users,
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(search: string) {
  return useQuery(adminUsersQueryOptions(search));
}
