import { notificationEndpoints } from '@huddle/shared/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { onRealtimeReconnect, subscribeRealtime } from '../../../lib/realtime.ts';
import { notificationKeys } from './notification-query-keys.ts';

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: () => apiRequest(notificationEndpoints.unreadCount),
  });
}

/**
 * Keeps the bell and the list live (issue 12): a new notification or a read elsewhere (another
 * tab, another device) comes over the tab's socket with the new unread count; after a dropped
 * socket both are fetched again, for what was missed.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const setCount = (event: Record<string, unknown>) => {
      if (typeof event.unreadCount === 'number') {
        queryClient.setQueryData(notificationKeys.unreadCount, { unreadCount: event.unreadCount });
      }
    };
    const unsubscribers = [
      subscribeRealtime('notification.created', (event) => {
        setCount(event);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      }),
      subscribeRealtime('notification.read', (event) => {
        setCount(event);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      }),
      onRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all })),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [queryClient]);
}
