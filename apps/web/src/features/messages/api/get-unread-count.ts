import { messageEndpoints } from '@huddle/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { messageKeys } from './message-query-keys.ts';

/** Spec §2: the count in every page title; kept fresh by realtime (use-message-realtime.ts). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => apiRequest(messageEndpoints.unreadCount),
    enabled,
    select: (reply) => reply.unreadCount,
  });
}
