import { profileEndpoints } from '@huddle/shared/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function updateMyGames(games: string[]) {
  return apiRequest(profileEndpoints.updateMyGames, { body: { games } });
}

export function useUpdateMyGames() {
  return useMutation({ mutationFn: updateMyGames });
}
