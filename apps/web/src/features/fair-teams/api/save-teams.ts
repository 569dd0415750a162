import { fairTeamEndpoints, type SaveTeamsBody } from '@huddle/shared/fair-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export function saveTeams({ eventId, body }: { eventId: string; body: SaveTeamsBody }) {
  return apiRequest(fairTeamEndpoints.saveTeams, { params: { eventId }, body });
}

/** A move, a lock, a position, a name or a colour: saved at once, against the version shown. */
export function useSaveTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeams,
    onSuccess: (reply, { eventId, body }) =>
      queryClient.setQueryData(teamKeys.sheet(eventId, body.occurrenceStartsAt), reply),
  });
}
