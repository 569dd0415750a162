import { connectionEndpoints } from '@huddle/shared/connections';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { connectionKeys } from './connection-query-keys.ts';

/** My connections, the requests waiting for me and the ones I sent. */
export function useConnections() {
  return useQuery({ queryKey: connectionKeys.list, queryFn: () => apiRequest(connectionEndpoints.list) });
}
