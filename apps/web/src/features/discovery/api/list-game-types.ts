import { profileEndpoints } from '@huddle/shared/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The filter's game types' cache entry (GET /api/game-types' reply; the server render fills it, issue 33). */
export const gameTypesQueryKey = ['game-types'] as const;

/** The game types for the filter; they change rarely (one fetch per visit). */
export function useGameTypeLabels() {
  return useQuery({
    queryKey: gameTypesQueryKey,
    queryFn: () => apiRequest(profileEndpoints.listGameTypes),
    staleTime: 60 * 60_000,
    select: (reply) => reply.gameTypes.map((gameType) => gameType.label),
  });
}
