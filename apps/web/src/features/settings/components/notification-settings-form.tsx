import { snackbarMs } from '@huddle/shared/limits';
import { settingsSavedMessage } from '@huddle/shared/profiles';
import { notificationCategories, type CurrentUser, type NotificationCategory } from '@huddle/shared/users';
import { Alert, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateMyNotificationSettings } from '../api/update-my-notification-settings.ts';

/** Spec §3 categories, as a person reads them. */
export const notificationCategoryLabels: Record<NotificationCategory, string> = {
  surveys: 'Surveys',
  news: 'Huddle news',
  learning: 'Tips and guides',
  products: 'New features',
  offers: 'Offers and discounts',
  connections: 'New connections',
  usersJoinNearby: 'Players joining near you',
  eventCreatedJoin: 'New events you can join',
  eventJoined: 'Players joining your events',
  endorsement: 'Endorsements',
  directMessage: 'Direct messages',
  teamJoin: 'Players joining your teams',
  teamMessage: 'Team messages',
  announcements: 'Announcements',
};

/** Settings, notification tab: an email and a push switch per category (spec §3), saved together. */
export function NotificationSettingsForm({
  user,
  onSaved,
}: {
  user: CurrentUser;
  onSaved: (user: CurrentUser) => void;
}) {
  const [settings, setSettings] = useState(user.notificationSettings);
  const update = useUpdateMyNotificationSettings();

  const toggle = (category: NotificationCategory, channel: 'email' | 'push', on: boolean) =>
    setSettings((current) => ({ ...current, [category]: { ...current[category], [channel]: on } }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(settings, {
          onSuccess: (saved) => {
            notifications.show({ color: 'huddle', message: settingsSavedMessage, autoClose: snackbarMs.notification });
            onSaved(saved);
          },
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose what Huddle tells you about, by email and by push notification on your devices.
        </Text>
        <Table verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Topic</Table.Th>
              <Table.Th scope="col" w={64} ta="center">
                Email
              </Table.Th>
              <Table.Th scope="col" w={64} ta="center">
                Push
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notificationCategories.map((category) => {
              const label = notificationCategoryLabels[category];
              return (
                <Table.Tr key={category}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  {(['email', 'push'] as const).map((channel) => (
                    <Table.Td key={channel}>
                      <Group justify="center">
                        <Switch
                          aria-label={`${channel === 'email' ? 'Email' : 'Push'}: ${label}`}
                          checked={settings[category][channel]}
                          onChange={(event) => toggle(category, channel, event.currentTarget.checked)}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {update.isError ? (
          <Alert color="red" variant="light" title="We could not save your notification settings">
            {update.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
