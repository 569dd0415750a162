import { notificationEndpoints } from '@huddle/shared/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-query-keys.ts';

/** The signed-in person's notifications, newest first, a page at a time (cursor). */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      apiRequest(notificationEndpoints.listNotifications, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
