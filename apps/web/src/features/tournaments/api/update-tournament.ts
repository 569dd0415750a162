import { tournamentEndpoints, type TournamentDetailsBody } from '@huddle/shared/tournaments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useStoreTournament } from './get-tournament.ts';
import { tournamentKeys } from './tournament-query-keys.ts';

export function useUpdateTournament(tournamentId: string) {
  const store = useStoreTournament();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: TournamentDetailsBody) =>
      apiRequest(tournamentEndpoints.update, { params: { tournamentId }, body: details }),
    onSuccess: store,
    // Someone else saved first (or scored): show their version; the dialog keeps what was typed.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
      }
    },
  });
}
