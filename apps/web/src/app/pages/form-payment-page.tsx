import { useParams } from 'react-router';
import { SubmissionPaymentView } from '../../features/forms/components/submission-payment-view.tsx';
import { usePageName } from '../use-page-name.ts';

/** form/payment/{id}/{submissionId} and pay-balance/{id}/{submissionId} (spec §2): pay for a submission. */
export function Component() {
  const { formId = '', submissionId = '' } = useParams();
  usePageName('Payment');
  return <SubmissionPaymentView formId={formId} submissionId={submissionId} />;
}
