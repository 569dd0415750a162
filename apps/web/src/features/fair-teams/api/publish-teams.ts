import { fairTeamEndpoints, type PublishTeamsBody } from '@huddle/shared/fair-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function publishTeams({ eventId, body }: { eventId: string; body: PublishTeamsBody }) {
  return apiRequest(fairTeamEndpoints.publishTeams, { params: { eventId }, body });
}

export function usePublishTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTeams,
    onSuccess: (reply, { eventId, body }) => {
      queryClient.setQueryData(teamKeys.sheet(eventId, body.occurrenceStartsAt), reply);
      void queryClient.invalidateQueries({ queryKey: teamKeys.published(eventId, body.occurrenceStartsAt) });
    },
  });
}
