import { connectionEndpoints } from '@huddle/shared/connections';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { connectionKeys } from './connection-query-keys.ts';

/** People I shared a game or a team with, each with what I have with them. */
export function usePlayedWith() {
  return useQuery({
    queryKey: connectionKeys.playedWith,
    queryFn: async () => (await apiRequest(connectionEndpoints.playedWith)).people,
  });
}
