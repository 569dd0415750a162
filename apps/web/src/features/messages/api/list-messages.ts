import { messageEndpoints, type Message } from '@huddle/shared/messages';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { messageKeys } from './message-query-keys.ts';

export interface MessagePage {
  messages: Message[];
  hasMore: boolean;
}
export type ThreadData = InfiniteData<MessagePage, unknown>;

/** Pages of a thread: the newest first, then older ones by cursor (each page oldest first). */
export function useThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam }) =>
      apiRequest(messageEndpoints.listMessages, {
        params: { conversationId },
        query: pageParam ? { before: pageParam } : {},
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? (lastPage.messages[0]?.id ?? null) : null),
    // Realtime keeps it fresh; a refetch would drop the older pages' positions.
    staleTime: Infinity,
  });
}

/** All messages of the loaded pages, oldest first. */
export function messagesOf(data: ThreadData | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** Adds or replaces a message in a thread's cache (realtime, a send's reply, a resume). */
export function upsertMessage(data: ThreadData | undefined, message: Message): ThreadData | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({ ...page, messages: [...page.messages] }));
  for (const page of pages) {
    const index = page.messages.findIndex((existing) => existing.id === message.id);
    if (index >= 0) {
      page.messages[index] = message;
      return { ...data, pages };
    }
  }
  // New: it belongs at the end of the newest page.
  pages[0]?.messages.push(message);
  return { ...data, pages };
}

export function fetchMessagesAfter(conversationId: string, after: string) {
  return apiRequest(messageEndpoints.listMessages, {
    params: { conversationId },
    query: { after, limit: 100 },
  });
}
