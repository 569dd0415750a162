import type { Submission, SubmissionPayment } from '@huddle/shared/forms';
import { Alert, Anchor, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCents } from '../../../lib/format-cents.ts';
import { useRefundFormPayment } from '../api/refund-form-payment.ts';
import { PaymentLines } from './payment-lines.tsx';

type Entry = SubmissionPayment['payments'][number];

/** One settled payment, and for organizers a refund of all or part of what is left of it. */
function PaymentEntry({ submission, entry, canRefund }: { submission: Submission; entry: Entry; canRefund: boolean }) {
  const refund = useRefundFormPayment();
  const left = entry.amountCents - entry.refundedCents;
  const [amount, setAmount] = useState<number | string>(left / 100);
  const [error, setError] = useState<string | null>(null);
  const refundable = canRefund && left > 0 && (entry.status === 'paid' || entry.status === 'partially_refunded');
  const send = async () => {
    setError(null);
    try {
      await refund.mutateAsync({
        formId: submission.formId,
        submissionId: submission.id,
        paymentId: entry.id,
        amountCents: typeof amount === 'number' ? Math.round(amount * 100) : undefined,
      });
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fieldMessages.amountCents?.[0] ?? failure.message);
    }
  };
  return (
    <Stack gap={4}>
      <Text>
        {formatCents(entry.amountCents)} · {entry.status.replace('_', ' ')}
        {entry.receiptNumber ? ` · receipt ${entry.receiptNumber}` : ''}
        {entry.refundedCents > 0 ? ` · ${formatCents(entry.refundedCents)} refunded` : ''}
      </Text>
      {refundable ? (
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={`Refund amount (of ${formatCents(left)} left)`}
            prefix="$"
            min={0.01}
            max={left / 100}
            decimalScale={2}
            w={{ base: '100%', xs: 220 }}
            value={amount}
            error={error}
            onChange={setAmount}
          />
          <Button variant="default" loading={refund.isPending} onClick={() => void send()}>
            Refund
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A paid submission's lines, state and payments (decision 036); organizers refund from here. */
export function SubmissionPaymentCard({ submission, canManage }: { submission: Submission; canManage: boolean }) {
  const payment = submission.payment;
  if (!payment) return null;
  const settled = payment.payments.filter((entry) => entry.status !== 'pending' && entry.status !== 'expired');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <PaymentLines payment={payment} />
        {settled.map((entry) => (
          <PaymentEntry key={entry.id} submission={submission} entry={entry} canRefund={canManage} />
        ))}
        {!canManage && payment.balanceCents > 0 && submission.status === 'submitted' ? (
          <Anchor component={Link} to={`/pay-balance/${submission.formId}/${submission.id}`} fw={600}>
            Pay the balance ({formatCents(payment.balanceCents)})
          </Anchor>
        ) : null}
        {canManage ? null : (
          <Alert color="gray" variant="light">
            Refunds are made by the form’s organizers.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
