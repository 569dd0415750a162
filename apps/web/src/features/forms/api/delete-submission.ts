import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function deleteSubmission({ formId, submissionId }: { formId: string; submissionId: string }) {
  return apiRequest(formEndpoints.removeSubmission, { params: { formId, submissionId } });
}

/** Decision 044: the form's readers delete one submission; the table and counts reload. */
export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSuccess: (_reply, { formId, submissionId }) => {
      queryClient.removeQueries({ queryKey: formKeys.submission(formId, submissionId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.submissions(formId) }),
        queryClient.invalidateQueries({ queryKey: formKeys.mine }),
      ]);
    },
  });
}
