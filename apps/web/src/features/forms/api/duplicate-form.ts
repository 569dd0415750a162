import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function duplicateForm(formId: string) {
  return apiRequest(formEndpoints.duplicate, { params: { formId } });
}

export function useDuplicateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.mine }),
  });
}
