import type { ContentPageSources } from '@huddle/shared/content-page-sources';
import type { QueryClient } from '@tanstack/react-query';
import { messageKeys } from '../../features/messages/api/message-query-keys.ts';
import { notificationKeys } from '../../features/notifications/api/notification-query-keys.ts';

/**
 * What the app shell of a signed-in person's rendered page reads besides the page (issue 33): the
 * Messages badge (also the title's count) and the bell. Rendered with them, the page hydrates without
 * asking for either: two requests fewer, and less work, in the task that follows hydration. A read
 * that fails is left to the browser, which asks as before.
 */
export async function shellPageData(client: QueryClient, content: ContentPageSources): Promise<void> {
  const [messages, notifications] = await Promise.all([content.unreadMessages(), content.unreadNotifications()]);
  if (messages) client.setQueryData(messageKeys.unread, messages);
  if (notifications) client.setQueryData(notificationKeys.unreadCount, notifications);
}

/** The unread message count the shell data put in the cache (0 without it), for the page's title. */
export function unreadMessagesIn(client: QueryClient): number {
  return client.getQueryData<{ unreadCount: number }>(messageKeys.unread)?.unreadCount ?? 0;
}
