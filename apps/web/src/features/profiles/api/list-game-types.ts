import { profileEndpoints } from '@huddle/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function listGameTypes() {
  return apiRequest(profileEndpoints.listGameTypes);
}

/** The game types change rarely: one fetch per visit is plenty. */
export function gameTypesQueryOptions() {
  return queryOptions({
    queryKey: ['game-types'],
    queryFn: listGameTypes,
    staleTime: 60 * 60_000,
    select: (reply) => reply.gameTypes.map((gameType) => gameType.label),
  });
}

export function useGameTypes() {
  return useQuery(gameTypesQueryOptions());
}
