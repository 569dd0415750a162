import { tournamentEndpoints, type EntrantsBody } from '@huddle/shared/tournaments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreTournament } from './get-tournament.ts';

/** Replaces the entrants; their order is the seeding. */
export function useSetEntrants(tournamentId: string) {
  const store = useStoreTournament();
  return useMutation({
    mutationFn: (entrants: EntrantsBody['entrants']) =>
      apiRequest(tournamentEndpoints.setEntrants, { params: { tournamentId }, body: { entrants } }),
    onSuccess: store,
  });
}
