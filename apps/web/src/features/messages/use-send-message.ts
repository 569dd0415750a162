import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { upsertMessage, type ThreadData } from './api/list-messages.ts';
import { messageKeys } from './api/message-query-keys.ts';
import { sendMessage } from './api/message-writes.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { dropPending, putPending, type PendingMessage } from './pending-messages.ts';

/**
 * Sends through the pending store: the message shows as "Sending…" at once and, if it fails,
 * stays with its text and a Retry that sends the same clientId (the server keeps one copy).
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const attempt = useCallback(
    async (pending: Omit<PendingMessage, 'status' | 'error'>) => {
      putPending(conversationId, { ...pending, status: 'sending', error: null });
      try {
        const message = await sendMessage(conversationId, {
          clientId: pending.clientId,
          text: pending.text,
          imageUrl: pending.imageUrl,
        });
        queryClient.setQueryData<ThreadData>(messageKeys.thread(conversationId), (data) =>
          upsertMessage(data, message),
        );
        dropPending(conversationId, pending.clientId);
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'The message was not sent.';
        putPending(conversationId, { ...pending, status: 'failed', error: message });
        // A block or a new rule: the conversation's own state says so above the composer.
        if (error instanceof ApiError && error.status === 403) {
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
        }
      }
    },
    [conversationId, queryClient],
  );
  const send = useCallback(
    (text: string, imageUrl: string | null) => attempt({ clientId: randomUuid(), text, imageUrl }),
    [attempt],
  );
  return { send, retry: attempt };
}
