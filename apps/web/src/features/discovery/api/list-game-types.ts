import { profileEndpoints } from '@huddle/shared/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The game types for the filter; they change rarely (one fetch per visit). */
export function useGameTypeLabels() {
  return useQuery({
    queryKey: ['game-types'],
    queryFn: () => apiRequest(profileEndpoints.listGameTypes),
    staleTime: 60 * 60_000,
    select: (reply) => reply.gameTypes.map((gameType) => gameType.label),
  });
}
