import { adminEndpoints } from '@huddle/shared/admin';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** Whether this person may open the admin area; the server answers 403 to anyone else. */
export function adminAccessQueryOptions(userId: string) {
  return queryOptions({
    // Per person: signing out and in as someone else asks again.
    queryKey: ['admin', 'access', userId],
    queryFn: async () => {
      try {
        await apiRequest(adminEndpoints.access);
        return true;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return false;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}
