import { formEndpoints } from '@huddle/shared/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function cancelFormPayment({
  formId,
  submissionId,
  paymentId,
  key,
}: {
  formId: string;
  submissionId: string;
  paymentId: string;
  key?: string;
}) {
  return apiRequest(formEndpoints.cancelPayment, {
    params: { formId, submissionId, paymentId },
    body: key ? { key } : {},
  });
}

export function useCancelFormPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFormPayment,
    onSuccess: (view) => queryClient.setQueryData(formKeys.payment(view.form.id, view.submissionId), view),
  });
}
