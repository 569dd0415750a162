import { Divider, Stack, Text, Title } from '@mantine/core';
import { NotificationList } from '../../features/notifications/components/notification-list.tsx';
import { PushToggle } from '../../features/notifications/components/push-toggle.tsx';

/** notifications (spec §2, guarded; issue 12): everything that happened to the person, and push for this browser. */
export function Component() {
  return (
    <Stack gap="xl" maw={720}>
      <NotificationList />
      <Divider />
      <Stack gap="xs">
        <Title order={2} size="h4">
          Push on this device
        </Title>
        <Text size="sm" c="dimmed">
          What is mailed or pushed follows your notification settings.
        </Text>
        <PushToggle />
      </Stack>
    </Stack>
  );
}
