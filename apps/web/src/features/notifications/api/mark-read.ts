import { notificationEndpoints } from '@huddle/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-query-keys.ts';

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => apiRequest(notificationEndpoints.markRead, { params: { notificationId } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(notificationKeys.unreadCount, reply);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(notificationEndpoints.markAllRead),
    onSuccess: (reply) => {
      queryClient.setQueryData(notificationKeys.unreadCount, reply);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
