import { fairTeamEndpoints, type RatePlayerBody } from '@huddle/shared/fair-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function ratePlayer({ eventId, body }: { eventId: string; body: RatePlayerBody }) {
  return apiRequest(fairTeamEndpoints.ratePlayer, { params: { eventId }, body });
}

/** The organizer's private rating: the sheet is read again for the levels it changes. */
export function useRatePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ratePlayer,
    onSuccess: (_reply, { eventId, body }) =>
      queryClient.invalidateQueries({ queryKey: teamKeys.sheet(eventId, body.occurrenceStartsAt) }),
  });
}
