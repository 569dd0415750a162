import { teamEndpoints } from '@huddle/shared/teams';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetTeam } from './get-team.ts';
import { teamKeys } from './team-query-keys.ts';

// What owners and organizers do to the roster (the server checks every one, spec §6).

export function useChangeMemberRole() {
  const setTeam = useSetTeam();
  return useMutation({
    mutationFn: ({
      teamId,
      userId,
      role,
    }: {
      teamId: string;
      userId: string;
      role: 'organizer' | 'player' | 'substitute';
    }) => apiRequest(teamEndpoints.changeMemberRole, { params: { teamId, userId }, body: { role } }),
    onSuccess: setTeam,
  });
}

export function useRemoveMember() {
  const setTeam = useSetTeam();
  return useMutation({
    mutationFn: ({ teamId, userId }: { teamId: string; userId: string }) =>
      apiRequest(teamEndpoints.removeMember, { params: { teamId, userId } }),
    onSuccess: setTeam,
  });
}

export function useTransferOwnership() {
  const setTeam = useSetTeam();
  return useMutation({
    mutationFn: ({ teamId, userId }: { teamId: string; userId: string }) =>
      apiRequest(teamEndpoints.transferOwnership, { params: { teamId }, body: { userId } }),
    onSuccess: setTeam,
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => apiRequest(teamEndpoints.deleteTeam, { params: { teamId } }),
    // The deleted team's own queries are only marked stale: refetched, they would 404 while the
    // team page is still open, and the page would go to team-not-found (unmounting the danger
    // zone, so its onDeleted never navigates to Your Communities).
    onSuccess: (_reply, teamId) => {
      const ofDeletedTeam = (query: Query) => query.queryKey.includes(teamId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all, predicate: (query) => !ofDeletedTeam(query) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all, predicate: ofDeletedTeam, refetchType: 'none' }),
      ]);
    },
  });
}

export function useJoinRequests(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.joinRequests(teamId),
    queryFn: () => apiRequest(teamEndpoints.listJoinRequests, { params: { teamId } }),
    enabled,
  });
}

export function useAnswerJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, userId, approve }: { teamId: string; userId: string; approve: boolean }) =>
      apiRequest(approve ? teamEndpoints.approveJoinRequest : teamEndpoints.declineJoinRequest, {
        params: { teamId, userId },
      }),
    onSuccess: (reply, { teamId }) => {
      queryClient.setQueryData(teamKeys.joinRequests(teamId), reply);
      void queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) });
    },
  });
}
