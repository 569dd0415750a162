import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useStripeAccount } from '../api/get-stripe-account.ts';
import { ConnectStripeDialog } from './connect-stripe-dialog.tsx';
import { StripeAccountCard } from './stripe-account-card.tsx';

/** Organizer payouts (spec §2, §5): the connected account's card, or the way to connect one. */
export function OrganizerPayouts() {
  const account = useStripeAccount();
  const [connecting, { open, close }] = useDisclosure(false);

  if (account.isPending) return <Loader size="sm" aria-label="Loading your Stripe account" />;
  if (account.isError) {
    return (
      <Alert color="red" variant="light" title="Your Stripe account could not be loaded">
        <Button variant="subtle" size="compact-sm" onClick={() => void account.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { stripeId } = account.data;
  if (stripeId) return <StripeAccountCard account={{ ...account.data, stripeId }} />;
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Connect a Stripe account to be paid for your games and seasons. Players pay by card; Stripe pays out to your
        bank.
      </Text>
      <Button onClick={open}>Connect to Stripe</Button>
      <ConnectStripeDialog opened={connecting} onClose={close} />
    </Stack>
  );
}
