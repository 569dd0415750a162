import type { EndpointInput } from '@huddle/shared/endpoint';
import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

/** A new form: a title (New form dialog), or what the builder holds at its first edit (decision 063). */
export function createForm(body: EndpointInput<typeof formEndpoints.create>['body']) {
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
