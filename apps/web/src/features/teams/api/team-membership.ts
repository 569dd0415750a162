import { teamEndpoints } from '@huddle/shared/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetTeam } from './get-team.ts';
import { teamKeys } from './team-query-keys.ts';

// The viewer's own membership: join (or ask to), leave (or withdraw), follow.

export function useJoinTeam() {
  const setTeam = useSetTeam();
  return useMutation({
    mutationFn: (teamId: string) => apiRequest(teamEndpoints.joinTeam, { params: { teamId } }),
    onSuccess: (reply) => setTeam(reply.team),
  });
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiRequest(teamEndpoints.leaveTeam, { params: { teamId } }),
    onSuccess: (_reply, teamId) =>
      queryClient
        .invalidateQueries({ queryKey: teamKeys.detail(teamId) })
        .then(() => queryClient.invalidateQueries({ queryKey: teamKeys.mine })),
  });
}

export function useSetFollowing() {
  const setTeam = useSetTeam();
  return useMutation({
    mutationFn: ({ teamId, follow }: { teamId: string; follow: boolean }) =>
      apiRequest(follow ? teamEndpoints.followTeam : teamEndpoints.unfollowTeam, { params: { teamId } }),
    onSuccess: setTeam,
  });
}
