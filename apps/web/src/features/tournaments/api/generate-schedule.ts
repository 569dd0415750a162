import { tournamentEndpoints } from '@huddle/shared/tournaments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreTournament } from './get-tournament.ts';

export function useGenerateSchedule(tournamentId: string) {
  const store = useStoreTournament();
  return useMutation({
    mutationFn: () => apiRequest(tournamentEndpoints.schedule, { params: { tournamentId } }),
    onSuccess: store,
  });
}
