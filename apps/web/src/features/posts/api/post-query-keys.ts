/** One place for the post board's cache keys: a write refreshes the lists and the post it changed. */
export const postKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  list: (filter: { category?: string; subcategory?: string; q?: string }) => ['posts', 'list', filter] as const,
  detail: (postId: string) => ['posts', 'detail', postId] as const,
};
