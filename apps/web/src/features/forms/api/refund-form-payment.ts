import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function refundFormPayment({
  formId,
  submissionId,
  paymentId,
  amountCents,
}: {
  formId: string;
  submissionId: string;
  paymentId: string;
  amountCents?: number;
}) {
  return apiRequest(formEndpoints.refund, {
    params: { formId, submissionId, paymentId },
    body: amountCents === undefined ? {} : { amountCents },
  });
}

export function useRefundFormPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundFormPayment,
    onSuccess: (submission) => {
      queryClient.setQueryData(formKeys.submission(submission.formId, submission.id), submission);
      return queryClient.invalidateQueries({ queryKey: formKeys.submissions(submission.formId) });
    },
  });
}
