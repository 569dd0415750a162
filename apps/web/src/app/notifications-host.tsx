import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The notification list (with its transitions and portal) is not needed to show the
// first page, so its code loads the first time something is notified. The store that
// `notifications.show()` writes to is tiny and always there; queued entries wait for it.
const NotificationsView = lazy(() => import('./notifications-view.tsx'));

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsView />
    </Suspense>
  );
}
