import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function getSubmissionPayment(formId: string, submissionId: string, key: string | undefined) {
  return apiRequest(formEndpoints.getPayment, { params: { formId, submissionId }, query: key ? { key } : {} });
}

/** While a payment is being confirmed (the webhook has not arrived yet), asks again every 2 s. */
export function useSubmissionPayment(formId: string, submissionId: string, key: string | undefined) {
  return useQuery({
    queryKey: formKeys.payment(formId, submissionId),
    queryFn: () => getSubmissionPayment(formId, submissionId, key),
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : false),
  });
}
