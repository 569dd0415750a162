import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function createForm(body: { title: string; teamId: string | null }) {
  return apiRequest(formEndpoints.create, { body });
}

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createForm,
    onSuccess: (draft) => {
      queryClient.setQueryData(formKeys.draft(draft.id), draft);
      return queryClient.invalidateQueries({ queryKey: formKeys.mine });
    },
  });
}
