import { stripeMessages, type StripeAccount } from '@huddle/shared/payments';
import { snackbarMs } from '@huddle/shared/limits';
import { Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCompleteVerification } from '../api/complete-verification.ts';
import { useUnlinkStripeAccount } from '../api/unlink-stripe-account.ts';
import { goToStripe } from '../go-to-stripe.ts';
import { requirementLabels } from '../requirement-label.ts';

/**
 * Spec §2/§4: the connected account, Active when charges are enabled or details submitted, else
 * Incomplete with what Stripe still needs; Complete Verification (needs stripeId) goes to
 * Stripe's onboarding; Unlink Stripe asks first (Unlink, Cancel).
 */
export function StripeAccountCard({ account }: { account: StripeAccount & { stripeId: string } }) {
  const [confirming, { open: askToUnlink, close: closeConfirm }] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const verification = useCompleteVerification();
  const unlink = useUnlinkStripeAccount();
  const active = account.status === 'active';
  const due = requirementLabels(account.currentlyDue);

  const verify = () =>
    verification.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        goToStripe(url);
      },
      onError: () =>
        notifications.show({ color: 'red', message: stripeMessages.linkFailed, autoClose: snackbarMs.default }),
    });

  const confirmUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        closeConfirm();
        notifications.show({ color: 'huddle', message: stripeMessages.unlinked, autoClose: snackbarMs.short });
      },
      onError: () =>
        notifications.show({ color: 'red', message: stripeMessages.unlinkFailed, autoClose: snackbarMs.default }),
    });

  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="stripe-account-title" component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id="stripe-account-title">
            Stripe account
          </Title>
          {/* Dark shades, filled: white text on them keeps 4.5:1 (axe), as the viewer-status badges do. */}
          <Badge color={active ? 'huddle.9' : 'red.9'} variant="filled" size="lg">
            {active ? 'Active' : 'Incomplete'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Account {account.stripeId}
        </Text>
        {active ? (
          <Text size="sm">Payments for your games and seasons are paid out to this account.</Text>
        ) : (
          <Text size="sm">Stripe needs a few more details before you can be paid.</Text>
        )}
        {due.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600} id="stripe-currently-due">
              Currently due
            </Text>
            <List size="sm" aria-labelledby="stripe-currently-due">
              {due.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {!active || due.length > 0 ? (
            <Button onClick={verify} loading={verification.isPending || leaving}>
              Complete Verification
            </Button>
          ) : null}
          <Button color="red" variant="light" onClick={askToUnlink}>
            Unlink Stripe
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={closeConfirm} title="Unlink Stripe" centered>
        <Stack gap="md">
          <Text size="sm">
            Huddle will stop paying you through this Stripe account. The account itself stays yours on Stripe, and you
            can connect again later.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeConfirm}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirmUnlink} loading={unlink.isPending}>
              Unlink
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
