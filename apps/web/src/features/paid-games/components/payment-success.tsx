import { formatUsd, paymentSuccessMessage, paymentSuccessMs } from '@huddle/shared/paid-games';
import { Alert, Anchor, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePaymentOfSession } from '../api/payment-by-session.ts';
import { readPaymentReturn } from '../payment-return.ts';

const eventLink = (eventId: string, occurrence: string | null) =>
  `/discover/events/${eventId}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`;

/**
 * Spec §2 payment-success, §4 "Payment return": Checkout's success_url comes back here. The
 * success message shows for 5 s, the payment parameters leave the address (code stays), and what
 * was paid shows once the webhook has confirmed it (read again while it is pending). The spot is
 * confirmed by the webhook, never by this page.
 */
export function PaymentSuccess() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Read once: the address is cleared right after.
  const [paymentReturn] = useState(() => readPaymentReturn(search));
  const payment = usePaymentOfSession(paymentReturn.sessionId);

  useEffect(() => {
    void navigate({ pathname, search: paymentReturn.cleanedSearch }, { replace: true });
    if (paymentReturn.succeeded) {
      notifications.show({ color: 'huddle', message: paymentSuccessMessage, autoClose: paymentSuccessMs });
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let body;
  if (!paymentReturn.sessionId) {
    body = <Text>There is no payment to show here.</Text>;
  } else if (payment.isPending || payment.data?.payment.status === 'pending') {
    body = (
      <Stack gap="xs" align="flex-start" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Confirming your payment with Stripe…</Text>
      </Stack>
    );
  } else if (payment.isError) {
    body = (
      <Alert color="red" variant="light" title="This payment could not be loaded">
        {payment.error.message}
      </Alert>
    );
  } else {
    const paid = payment.data.payment;
    const confirmed = paid.status !== 'failed' && paid.status !== 'expired';
    body = (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          {confirmed ? (
            <Text fw={700}>
              {paid.kind === 'season' ? 'Your registration is confirmed.' : 'Your spot is confirmed.'}
            </Text>
          ) : (
            <Text fw={700}>This payment did not go through, and nothing was charged.</Text>
          )}
          <Text>{paid.description}</Text>
          <Text>
            Amount: <strong>{formatUsd(paid.amountCents)}</strong>
            {paid.quantity > 1 ? ` for ${paid.quantity} players` : ''}
          </Text>
          {paid.refundedCents > 0 && <Text>Refunded: {formatUsd(paid.refundedCents)}</Text>}
          {paid.receiptNumber && (
            <Text>
              Receipt number: <strong>{paid.receiptNumber}</strong>
            </Text>
          )}
          {paid.eventId && (
            <Anchor component={Link} to={eventLink(paid.eventId, paid.occurrenceStartsAt)}>
              Back to the game
            </Anchor>
          )}
          {paid.kind === 'season' && paid.teamId && (
            <Anchor component={Link} to={`/team/${paid.teamId}`}>
              Back to the team
            </Anchor>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Payment</Title>
      {body}
    </Stack>
  );
}
