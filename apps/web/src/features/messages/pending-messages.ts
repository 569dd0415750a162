import { useSyncExternalStore } from 'react';

/**
 * Messages typed in this tab that the server has not confirmed: shown at the end of the thread
 * as "Sending…" or "Not sent" with Retry. Kept outside the page, so leaving the thread and coming
 * back never loses a text (issue 12). A retry sends the same clientId: the server makes one message.
 */
export interface PendingMessage {
  clientId: string;
  text: string;
  imageUrl: string | null;
  status: 'sending' | 'failed';
  error: string | null;
}

const byConversation = new Map<string, PendingMessage[]>();
const listeners = new Set<() => void>();
const empty: PendingMessage[] = [];

function publish(conversationId: string, next: PendingMessage[]) {
  if (next.length === 0) byConversation.delete(conversationId);
  else byConversation.set(conversationId, next);
  for (const listener of listeners) listener();
}

export function putPending(conversationId: string, message: PendingMessage) {
  const current = byConversation.get(conversationId) ?? [];
  const others = current.filter((item) => item.clientId !== message.clientId);
  const index = current.findIndex((item) => item.clientId === message.clientId);
  publish(conversationId, index >= 0 ? current.map((item, i) => (i === index ? message : item)) : [...others, message]);
}

export function dropPending(conversationId: string, clientId: string) {
  const current = byConversation.get(conversationId);
  if (current?.some((item) => item.clientId === clientId)) {
    publish(
      conversationId,
      current.filter((item) => item.clientId !== clientId),
    );
  }
}

export function usePendingMessages(conversationId: string): PendingMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => byConversation.get(conversationId) ?? empty,
  );
}
