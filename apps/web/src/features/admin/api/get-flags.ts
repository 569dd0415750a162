import { adminEndpoints } from '@huddle/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminFlagsKey = ['admin', 'flags'] as const;

export function useAdminFlags() {
  return useQuery(
    queryOptions({
      queryKey: adminFlagsKey,
      queryFn: async () => (await apiRequest(adminEndpoints.listFlags)).flags,
    }),
  );
}
