import { connectionEndpoints } from '@huddle/shared/connections';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { connectionKeys } from './connection-query-keys.ts';

/** What I have with this person (none, requested, incoming, connected, self); only when signed in. */
export function useConnectionStatus(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.status(userId),
    queryFn: async () => (await apiRequest(connectionEndpoints.status, { params: { userId } })).status,
    enabled,
  });
}
