import { connectionEndpoints } from '@huddle/shared/connections';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { connectionKeys } from './connection-query-keys.ts';

/** People to connect with, and why (same team, same game, nearby, same sport). */
export function useSuggestions() {
  return useQuery({
    queryKey: connectionKeys.suggestions,
    queryFn: async () => (await apiRequest(connectionEndpoints.suggestions)).people,
  });
}
