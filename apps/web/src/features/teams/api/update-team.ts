import { teamEndpoints, type UpdateTeamBody } from '@huddle/shared/teams';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetTeam } from './get-team.ts';

export function updateTeam({ teamId, changes }: { teamId: string; changes: UpdateTeamBody }) {
  return apiRequest(teamEndpoints.updateTeam, { params: { teamId }, body: changes });
}

export function useUpdateTeam() {
  const setTeam = useSetTeam();
  return useMutation({ mutationFn: updateTeam, onSuccess: setTeam });
}
