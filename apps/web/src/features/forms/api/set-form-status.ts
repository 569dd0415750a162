import { formEndpoints, type FormStatus } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function setFormStatus({ formId, status }: { formId: string; status: FormStatus }) {
  return apiRequest(formEndpoints.setStatus, { params: { formId }, body: { status } });
}

export function useSetFormStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFormStatus,
    onSuccess: (draft) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.mine }),
        queryClient.invalidateQueries({ queryKey: formKeys.public(draft.id) }),
      ]),
  });
}
