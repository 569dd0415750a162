import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function deleteForm(formId: string) {
  return apiRequest(formEndpoints.remove, { params: { formId } });
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.mine }),
  });
}
