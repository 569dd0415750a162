import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

const key = (formId: string, userId: string) => [...formKeys.submissions(formId), 'team-form-add', userId] as const;

/** A filler of a team's form: their submission, whether they are on the roster and in the form's season. */
export function useTeamFormAdd(formId: string, userId: string) {
  return useQuery({
    queryKey: key(formId, userId),
    queryFn: () => apiRequest(formEndpoints.getTeamFormAdd, { params: { formId, userId } }),
  });
}

/** Adds them to the roster (and the season); the page shows the answer at once. */
export function useAddToTeam(formId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(formEndpoints.teamFormAdd, { params: { formId, userId } }),
    onSuccess: (view) => queryClient.setQueryData(key(formId, userId), view),
  });
}
