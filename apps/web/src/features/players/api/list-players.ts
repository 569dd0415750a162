import { profileEndpoints } from '@huddle/shared/profiles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** user-list: the server leaves out the viewer and anyone blocked either way. */
export function usePlayers(search: string) {
  return useQuery({
    queryKey: ['players', search],
    queryFn: () => apiRequest(profileEndpoints.listPlayers, { query: { search: search || undefined, limit: 50 } }),
    placeholderData: keepPreviousData,
  });
}
