import type { Notification } from '@huddle/shared/notifications';
import { Alert, Avatar, Box, Button, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useNotifications } from '../api/list-notifications.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read.ts';
import classes from './notification-list.module.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  return (
    <li className={classes.item}>
      <UnstyledButton
        className={classes.button}
        data-unread={item.read ? undefined : true}
        onClick={() => onOpen(item)}
        aria-label={`${item.read ? '' : 'Unread: '}${item.title}`}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {item.actor ? <Avatar src={item.actor.photoURL} alt="" size={36} radius="xl" /> : <Box w={36} />}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
              <Text fw={item.read ? 500 : 700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              {item.read ? null : <span className={classes.dot} aria-hidden />}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.body}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={item.createdAt}>{timeFormat.format(new Date(item.createdAt))}</time>
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** The notifications page's list (issue 12): newest first, unread marked, each opening its page. */
export function NotificationList() {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  const open = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    // Links are paths inside Huddle; anything else is not followed.
    if (item.link.startsWith('/') && !item.link.startsWith('//')) void navigate(item.link);
  };

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>Notifications</Title>
        <Button variant="default" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={unread === 0}>
          Mark all read
        </Button>
      </Group>
      {list.isPending ? <Loader aria-label="Loading notifications" /> : null}
      {list.isError ? (
        <Alert color="red" title="Notifications could not be loaded">
          {list.error.message}
        </Alert>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <Text c="dimmed">
          Nothing yet. When someone joins your game, invites you or a game is coming up, it shows here.
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Paper withBorder radius="md">
          <ul className={classes.list} aria-label="Notifications, newest first">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={open} />
            ))}
          </ul>
        </Paper>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Show older
        </Button>
      ) : null}
    </Stack>
  );
}
