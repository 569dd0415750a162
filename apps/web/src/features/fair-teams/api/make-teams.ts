import { fairTeamEndpoints, type MakeTeamsBody } from '@huddle/shared/fair-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function makeTeams({ eventId, body }: { eventId: string; body: MakeTeamsBody }) {
  return apiRequest(fairTeamEndpoints.makeTeams, { params: { eventId }, body });
}

/** "Make teams" and "Reshuffle": the reply is the new sheet. */
export function useMakeTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeTeams,
    onSuccess: (reply, { eventId, body }) =>
      queryClient.setQueryData(teamKeys.sheet(eventId, body.occurrenceStartsAt), reply),
  });
}
