import {
  manageSubscriptionLabel,
  noActiveSubscriptionText,
  viewPlansLabel,
  type SubscriptionState,
  type SubscriptionTargetBody,
} from '@huddle/shared/subscriptions';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCreatePortalSession } from '../api/create-portal-session.ts';
import { currentPeriodText } from '../subscription-format.ts';

/**
 * Spec §2, subscription display: none active shows 'No active subscription' and 'View Plans';
 * active shows 'Current Period: start to end' (month and day) and 'Manage Subscription', which
 * opens the billing portal in a new tab.
 */
export function SubscriptionStatus({
  state,
  target,
  canManage,
  onViewPlans,
}: {
  state: SubscriptionState;
  target: SubscriptionTargetBody;
  /** Only the owner of a team manages its billing. */
  canManage: boolean;
  onViewPlans: () => void;
}) {
  const portal = useCreatePortalSession();
  if (!state.active || !state.currentPeriodStart || !state.currentPeriodEnd) {
    return (
      <Group gap="md">
        <Text>{noActiveSubscriptionText}</Text>
        <Button variant="light" onClick={onViewPlans}>
          {viewPlansLabel}
        </Button>
      </Group>
    );
  }
  const manage = () => {
    // Opened now, inside the click, so no popup blocker stops it; the address follows.
    const tab = window.open('', '_blank');
    portal.mutate(target, {
      onSuccess: ({ url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        notifications.show({ color: 'red', message: error.message });
      },
    });
  };
  return (
    <Stack gap="xs">
      <Text>{currentPeriodText(state.currentPeriodStart, state.currentPeriodEnd)}</Text>
      {state.cancelAtPeriodEnd && (
        <Text size="sm" c="dimmed">
          Ends with this period.
        </Text>
      )}
      {canManage && (
        <Button variant="light" onClick={manage} loading={portal.isPending} style={{ alignSelf: 'flex-start' }}>
          {manageSubscriptionLabel}
        </Button>
      )}
    </Stack>
  );
}
