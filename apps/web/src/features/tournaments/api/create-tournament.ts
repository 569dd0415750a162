import { tournamentEndpoints, type TournamentBody } from '@huddle/shared/tournaments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreTournament } from './get-tournament.ts';

export function useCreateTournament() {
  const store = useStoreTournament();
  return useMutation({
    mutationFn: ({ teamId, tournament }: { teamId: string; tournament: TournamentBody }) =>
      apiRequest(tournamentEndpoints.create, { params: { teamId }, body: tournament }),
    onSuccess: store,
  });
}
