import { Stack, Text } from '@mantine/core';

/**
 * Settings, payments tab. The spec's links (transactions, invoices, community pricing,
 * my communities) join this tab with their pages; until then it says what will be here,
 * and links nowhere.
 */
export function PaymentsPanel() {
  return (
    <Stack gap="sm" maw={560}>
      <Text>
        This is where you will find your payments: what you paid to join events and seasons, the invoices organizers
        send you, and the plan you or your community subscribe to.
      </Text>
      <Text size="sm" c="dimmed">
        Nothing is listed because your account has no payments, invoices or plans yet. They appear here as soon as they
        are available to your account.
      </Text>
    </Stack>
  );
}
