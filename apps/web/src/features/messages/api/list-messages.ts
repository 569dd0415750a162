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

/**
 * Messages that reached a thread's cache one at a time (a realtime event, the reply to a send or
 * an edit) rather than in a page read from the server. Decision 074: a page that shows a message
 * shows every message sent before it, a pushed message does not (someone else's, sent at the same
 * moment, may have been committed first and its event lost in a reconnect), so a catch-up starts
 * after the newest message that came in a page.
 */
const pushedMessages = new WeakSet<Message>();

/**
 * Adds or replaces a message in a thread's cache: `pushed` one at a time (realtime, a send's or an
 * edit's reply), or from a `page` the server listed after the newest page message (a catch-up
 * after a reconnect). Pushed messages go at the end in the order they came; a page's messages,
 * in the server's order, go right after the page messages already there, ahead of pushed ones.
 */
export function upsertMessage(
  data: ThreadData | undefined,
  message: Message,
  origin: 'pushed' | 'page' = 'pushed',
): ThreadData | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({ ...page, messages: [...page.messages] }));
  for (const page of pages) {
    const index = page.messages.findIndex((existing) => existing.id === message.id);
    if (index < 0) continue;
    if (origin === 'page') {
      page.messages.splice(index, 1);
      break;
    }
    // An edit of a message that came in a page keeps it a page's message, where it is.
    if (pushedMessages.has(page.messages[index]!)) pushedMessages.add(message);
    page.messages[index] = message;
    return { ...data, pages };
  }
  if (origin === 'pushed') {
    pushedMessages.add(message);
    pages[0]?.messages.push(message);
    return { ...data, pages };
  }
  // Newest page first, each oldest first: the first page holding a page message holds the newest.
  const newest = pages.find((page) => page.messages.some((existing) => !pushedMessages.has(existing))) ?? pages[0];
  if (newest) {
    const after = newest.messages.findLastIndex((existing) => !pushedMessages.has(existing));
    newest.messages.splice(after + 1, 0, message);
  }
  return { ...data, pages };
}

/** Where a catch-up starts: the newest message that came in a page (decision 074). */
export function lastMessageFromPages(data: ThreadData | undefined): Message | undefined {
  return messagesOf(data).findLast((message) => !pushedMessages.has(message));
}

export function fetchMessagesAfter(conversationId: string, after: string) {
  return apiRequest(messageEndpoints.listMessages, {
    params: { conversationId },
    query: { after, limit: 100 },
  });
}
