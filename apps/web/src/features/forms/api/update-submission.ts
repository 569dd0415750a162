import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function updateSubmission({
  formId,
  submissionId,
  body,
}: {
  formId: string;
  submissionId: string;
  body: { marked?: boolean; comment?: string };
}) {
  return apiRequest(formEndpoints.updateSubmission, { params: { formId, submissionId }, body });
}

export function useUpdateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubmission,
    onSuccess: (submission) => {
      queryClient.setQueryData(formKeys.submission(submission.formId, submission.id), submission);
      return queryClient.invalidateQueries({ queryKey: formKeys.submissions(submission.formId) });
    },
  });
}
