import { formEndpoints } from '@huddle/shared/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function startFormCheckout({
  formId,
  submissionId,
  key,
}: {
  formId: string;
  submissionId: string;
  key?: string;
}) {
  return apiRequest(formEndpoints.checkout, { params: { formId, submissionId }, body: key ? { key } : {} });
}

export function useStartFormCheckout() {
  return useMutation({ mutationFn: startFormCheckout });
}
