import { teamEndpoints, type CreateTeamBody } from '@huddle/shared/teams';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetTeam } from './get-team.ts';

export function createTeam(body: CreateTeamBody) {
  return apiRequest(teamEndpoints.createTeam, { body });
}

export function useCreateTeam() {
  const setTeam = useSetTeam();
  return useMutation({ mutationFn: createTeam, onSuccess: setTeam });
}
