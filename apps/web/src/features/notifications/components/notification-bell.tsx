import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLiveNotifications, useUnreadCount } from '../api/unread-count.ts';

export const notificationsPath = '/notifications';

/** The header's bell (issue 12): the unread count, live over the tab's socket; opens the notifications page. */
export function NotificationBell() {
  useLiveNotifications();
  const unread = useUnreadCount().data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      offset={6}
      color="red"
      disabled={unread === 0}
      aria-hidden={false}
    >
      <ActionIcon component={Link} to={notificationsPath} variant="subtle" size="lg" aria-label={label}>
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
