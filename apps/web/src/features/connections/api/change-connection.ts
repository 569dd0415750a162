import { connectionEndpoints } from '@huddle/shared/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { connectionKeys } from './connection-query-keys.ts';

export type ConnectionAction = 'request' | 'accept' | 'decline' | 'remove';

/**
 * Ask, accept, decline, remove or take back: each answers with the new status, which goes in
 * the cache for that person; the connect page's lists read again.
 */
export function useChangeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, action }: { userId: string; action: ConnectionAction }) =>
      (await apiRequest(connectionEndpoints[action], { params: { userId } })).status,
    onSuccess: (status, { userId }) => {
      queryClient.setQueryData(connectionKeys.status(userId), status);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionKeys.list }),
        queryClient.invalidateQueries({ queryKey: connectionKeys.playedWith }),
        queryClient.invalidateQueries({ queryKey: connectionKeys.suggestions }),
      ]);
    },
  });
}
