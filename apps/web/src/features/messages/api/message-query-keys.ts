/** One place for the messages slice's cache keys, so realtime updates hit what the pages read. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
};
