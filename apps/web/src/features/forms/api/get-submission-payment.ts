import { formEndpoints, type SubmissionPaymentView } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function getSubmissionPayment(formId: string, submissionId: string, key: string | undefined) {
  return apiRequest(formEndpoints.getPayment, { params: { formId, submissionId }, query: key ? { key } : {} });
}

/** A withdrawn submission still holding money: its refund job has not run yet (decision 044). */
const refundComing = (view: SubmissionPaymentView | undefined) =>
  view?.status === 'cancelled' && view.payment.paidCents > view.payment.refundedCents;

/**
 * While a payment is being confirmed (the webhook has not arrived yet), asks again every 2 s; so
 * too, for a minute at most, while a withdrawn submission's refund is on its way.
 */
export function useSubmissionPayment(formId: string, submissionId: string, key: string | undefined) {
  return useQuery({
    queryKey: formKeys.payment(formId, submissionId),
    queryFn: () => getSubmissionPayment(formId, submissionId, key),
    refetchInterval: (query) =>
      query.state.data?.pending || (refundComing(query.state.data) && query.state.dataUpdateCount < 30) ? 2000 : false,
  });
}
