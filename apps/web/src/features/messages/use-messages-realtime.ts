import { messageEventTypes, type Message } from '@huddle/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtimeReconnect, subscribeRealtime, type RealtimeEvent } from '../../lib/realtime.ts';
import { useUnreadCount } from './api/get-unread-count.ts';
import { fetchMessagesAfter, lastMessageFromPages, upsertMessage, type ThreadData } from './api/list-messages.ts';
import { messageKeys } from './api/message-query-keys.ts';
import { isMessageSoundOn, playChime, shouldChime } from './chime.ts';
import { dropPending } from './pending-messages.ts';

/**
 * The message a realtime event carries. The server builds it with the same code as its replies;
 * a look at the fields this hook keys on is enough (no zod on the first load, decision 021).
 */
function messageOf(event: RealtimeEvent): Message | null {
  const message = event.message as Partial<Message> | undefined;
  return message &&
    typeof message.id === 'string' &&
    typeof message.conversationId === 'string' &&
    typeof message.sender?.id === 'string'
    ? (message as Message)
    : null;
}

/**
 * Keeps the messages caches fresh from the tab's realtime socket: threads get new, edited and
 * deleted messages; the list and the unread count refresh; after a drop every open thread
 * fetches what it missed (`after` the newest message a page showed). Mounted once, by the signed-in shell.
 */
export function useMessagesRealtime(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const onMessage = (event: RealtimeEvent) => {
      const message = messageOf(event);
      if (!message) return;
      queryClient.setQueryData<ThreadData>(messageKeys.thread(message.conversationId), (data) =>
        upsertMessage(data, message),
      );
      if (message.sender.id === userId) dropPending(message.conversationId, message.clientId);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      if (message.sender.id !== userId) void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    };
    const onUnread = (event: RealtimeEvent) => {
      if (typeof event.unreadCount === 'number') {
        queryClient.setQueryData(messageKeys.unread, { unreadCount: event.unreadCount });
      }
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    };
    const onConversationChanged = (event: RealtimeEvent) => {
      if (typeof event.conversationId !== 'string') return;
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(event.conversationId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    };
    const resume = async () => {
      const threads = queryClient.getQueryCache().findAll({ queryKey: ['messages', 'thread'] });
      await Promise.all(
        threads.map(async (query) => {
          const conversationId = String(query.queryKey[2]);
          // After the newest message a page showed: every message before it is in the cache.
          const last = lastMessageFromPages(query.state.data as ThreadData | undefined);
          if (!last) return void queryClient.invalidateQueries({ queryKey: query.queryKey });
          try {
            const missed = await fetchMessagesAfter(conversationId, last.id);
            for (const message of missed.messages) {
              queryClient.setQueryData<ThreadData>(query.queryKey, (data) => upsertMessage(data, message, 'page'));
              dropPending(conversationId, message.clientId);
            }
            // More than a page missed: start the thread over from the newest.
            if (missed.hasMore) void queryClient.resetQueries({ queryKey: query.queryKey });
          } catch {
            void queryClient.invalidateQueries({ queryKey: query.queryKey });
          }
        }),
      );
      // Blocks and announcements-only may have changed meanwhile too.
      void queryClient.invalidateQueries({ queryKey: ['messages', 'conversation'] });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    };
    const stops = [
      subscribeRealtime(messageEventTypes.created, onMessage),
      subscribeRealtime(messageEventTypes.updated, onMessage),
      subscribeRealtime(messageEventTypes.deleted, onMessage),
      subscribeRealtime(messageEventTypes.unreadChanged, onUnread),
      subscribeRealtime(messageEventTypes.conversationChanged, onConversationChanged),
      onRealtimeReconnect(() => void resume()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, userId]);
}

/**
 * The unread total for the page title (spec §2), and the chime when it goes up after the first
 * load: what was unread on arrival stays silent; muted conversations are not in the total.
 */
export function useUnreadMessages(signedIn: boolean): number {
  // Undefined until the first count arrives: taken as 0, that count "rose" and chimed on every load.
  const unread = useUnreadCount(signedIn).data;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (!signedIn) {
      previous.current = null;
      return;
    }
    if (unread === undefined) return;
    if (shouldChime(previous.current, unread, isMessageSoundOn())) playChime();
    previous.current = unread;
  }, [signedIn, unread]);
  return signedIn ? (unread ?? 0) : 0;
}
