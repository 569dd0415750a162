import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function withdrawSubmission({
  formId,
  submissionId,
  key,
}: {
  formId: string;
  submissionId: string;
  key?: string;
}) {
  return apiRequest(formEndpoints.withdrawSubmission, { params: { formId, submissionId }, body: key ? { key } : {} });
}

/** Decision 044: the filler withdraws; every view of the submission and its payment reloads. */
export function useWithdrawSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawSubmission,
    onSuccess: (_reply, { formId, submissionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.payment(formId, submissionId) }),
        queryClient.invalidateQueries({ queryKey: formKeys.submissions(formId) }),
        queryClient.invalidateQueries({ queryKey: formKeys.public(formId) }),
      ]),
  });
}
