/** One place for the connect page's cache keys: any answer refreshes them all. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: ['connections', 'list'] as const,
  playedWith: ['connections', 'played-with'] as const,
  suggestions: ['connections', 'suggestions'] as const,
  settings: ['connections', 'settings'] as const,
  status: (userId: string) => ['connections', 'status', userId] as const,
};
