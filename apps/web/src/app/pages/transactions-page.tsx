import { connectStripeMessage } from '@huddle/shared/invoices';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TransactionsView } from '../../features/invoices/components/transactions-view.tsx';
import { useStripeAccount } from '../../features/payments/api/get-stripe-account.ts';

/**
 * transactions (spec §2, guarded): what the organizer was paid. It answers an organizer whose
 * Stripe account is connected; anyone else is told how to connect one (the server refuses too).
 */
export function Component() {
  const account = useStripeAccount();
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>Transactions</Title>
        <Text c="dimmed">What players paid you for your games and seasons, less refunds and Huddle’s fee.</Text>
      </Stack>
      {account.isPending ? <Text c="dimmed">Loading…</Text> : null}
      {account.isError ? (
        <Alert color="red" title="Your payment account could not be loaded">
          <Button size="xs" variant="light" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {account.data?.status === 'none' ? (
        <Alert color="huddle" variant="light" title={connectStripeMessage}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Transactions lists the payments players make for your games and seasons. Connect a Stripe account in
              Settings › Payments to receive them.
            </Text>
            <Button component={Link} to="/settings?tab=payments">
              Go to Settings › Payments
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {account.data && account.data.status !== 'none' ? <TransactionsView /> : null}
    </Stack>
  );
}
