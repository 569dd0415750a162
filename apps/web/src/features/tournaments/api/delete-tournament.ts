import { tournamentEndpoints } from '@huddle/shared/tournaments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tournamentKeys } from './tournament-query-keys.ts';

export function useDeleteTournament(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(tournamentEndpoints.remove, { params: { tournamentId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: tournamentKeys.detail(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
    },
  });
}
