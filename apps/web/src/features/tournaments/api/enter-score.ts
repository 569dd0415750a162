import { tournamentEndpoints, type ScoreBody } from '@huddle/shared/tournaments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useStoreTournament } from './get-tournament.ts';
import { tournamentKeys } from './tournament-query-keys.ts';

export function useEnterScore(tournamentId: string) {
  const store = useStoreTournament();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, score }: { matchId: string; score: ScoreBody }) =>
      apiRequest(tournamentEndpoints.score, { params: { tournamentId, matchId }, body: score }),
    onSuccess: store,
    // Someone else scored first: show their score (the dialog says so).
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
      }
    },
  });
}
