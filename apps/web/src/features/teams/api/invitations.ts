import { teamEndpoints } from '@huddle/shared/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetTeam } from './get-team.ts';
import { teamKeys } from './team-query-keys.ts';

export function useInvitations(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations(teamId),
    queryFn: () => apiRequest(teamEndpoints.listInvitations, { params: { teamId } }),
    enabled,
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      teamId,
      email,
      role,
    }: {
      teamId: string;
      email: string | null;
      role: 'organizer' | 'player' | 'substitute';
    }) => apiRequest(teamEndpoints.createInvitation, { params: { teamId }, body: { email, role, expiresInDays: 7 } }),
    onSuccess: (_invitation, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.invitations(teamId) }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, invitationId }: { teamId: string; invitationId: string }) =>
      apiRequest(teamEndpoints.revokeInvitation, { params: { teamId, invitationId } }),
    onSuccess: (_invitation, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.invitations(teamId) }),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: () => apiRequest(teamEndpoints.previewInvitation, { params: { token } }),
    retry: false,
  });
}

export function useAcceptInvitation() {
  const setTeam = useSetTeam();
  return useMutation({
    mutationFn: (token: string) => apiRequest(teamEndpoints.acceptInvitation, { params: { token } }),
    onSuccess: setTeam,
  });
}
