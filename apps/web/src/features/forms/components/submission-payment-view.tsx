import { formPaymentMessages, submissionEndMessages } from '@huddle/shared/forms';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCents } from '../../../lib/format-cents.ts';
import { useCancelFormPayment } from '../api/cancel-form-payment.ts';
import { useSubmissionPayment } from '../api/get-submission-payment.ts';
import { useStartFormCheckout } from '../api/start-form-checkout.ts';
import { useWithdrawSubmission } from '../api/withdraw-submission.ts';
import { EndSubmissionButton } from './end-submission-button.tsx';
import { PaymentLines } from './payment-lines.tsx';

/** Spec §9: the payment success message shows for 5 s. */
const successMs = 5000;

/**
 * `form/payment/{id}/{submissionId}` and `pay-balance/{id}/{submissionId}` (spec §2, decision 036):
 * what is due and a button to pay it on Checkout. Checkout returns here: with
 * redirect_status=succeeded the success message shows while the webhook confirms; with
 * cancelledPayment the session is ended and a held place released.
 */
export function SubmissionPaymentView({ formId, submissionId }: { formId: string; submissionId: string }) {
  const [search, setSearch] = useSearchParams();
  const key = search.get('key') ?? undefined;
  const view = useSubmissionPayment(formId, submissionId, key);
  const checkout = useStartFormCheckout();
  const cancel = useCancelFormPayment();
  const withdraw = useWithdrawSubmission();
  const [succeeded, setSucceeded] = useState(search.get('redirect_status') === 'succeeded');
  const cancelledPayment = search.get('cancelledPayment');

  useEffect(() => {
    // Spec: the success message stays 5 s, and the payment query parameters are cleared.
    if (search.get('redirect_status') === null && cancelledPayment === null) return;
    const kept = new URLSearchParams(key ? { key } : {});
    if (cancelledPayment) cancel.mutate({ formId, submissionId, paymentId: cancelledPayment, key });
    setSearch(kept, { replace: true });
    // Runs once per return from Checkout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => setSucceeded(false), successMs);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  if (view.isError && !view.data) {
    const gone = view.error instanceof ApiError && view.error.status === 404;
    return (
      <Alert color="red" role="alert">
        {gone ? formPaymentMessages.notFound : view.error.message}
      </Alert>
    );
  }
  if (!view.data) {
    return (
      <Text c="dimmed" role="status">
        Loading the payment…
      </Text>
    );
  }
  const data = view.data;
  const pay = async () => {
    const opened = await checkout.mutateAsync({ formId, submissionId, key });
    window.location.assign(opened.url);
  };
  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <Title order={1}>{data.form.title}</Title>
      {succeeded ? (
        <Alert color="green" role="status">
          {formPaymentMessages.success}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Text>For {data.name}</Text>
          <PaymentLines payment={data.payment} />
          {data.status === 'cancelled' ? (
            <Text role="status">
              {withdraw.isSuccess ? submissionEndMessages.withdrawn : formPaymentMessages.cancelled}
            </Text>
          ) : null}
          {data.status === 'waitlisted' ? <Text role="status">{formPaymentMessages.waitlisted}</Text> : null}
          {data.pending && data.status !== 'awaiting_payment' ? (
            <Text c="dimmed" role="status">
              {formPaymentMessages.processing}
            </Text>
          ) : null}
          {checkout.error ? (
            <Alert color="red" role="alert">
              {checkout.error.message}
            </Alert>
          ) : null}
          {data.dueNowCents > 0 && !succeeded ? (
            <Button w="fit-content" loading={checkout.isPending} onClick={() => void pay().catch(() => undefined)}>
              Pay {formatCents(data.dueNowCents)}
            </Button>
          ) : null}
          {data.dueNowCents === 0 && data.payment.balanceCents === 0 && data.status === 'submitted' ? (
            <Text role="status">{formPaymentMessages.nothingOwed}</Text>
          ) : null}
          {data.isFiller && data.status !== 'cancelled' ? (
            <EndSubmissionButton end="withdraw" onConfirm={() => withdraw.mutateAsync({ formId, submissionId, key })} />
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
