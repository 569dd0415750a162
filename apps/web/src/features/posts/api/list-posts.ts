import { postEndpoints, postLimits } from '@huddle/shared/posts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postKeys } from './post-query-keys.ts';

export interface PostFilter {
  category?: string;
  subcategory?: string;
  q?: string;
}

/** A category's (or subcategory's) posts, a page at a time: nearest first for a viewer with a city. */
export function usePostList(filter: PostFilter) {
  return useInfiniteQuery({
    queryKey: postKeys.list(filter),
    queryFn: ({ pageParam }) =>
      apiRequest(postEndpoints.list, {
        query: { ...filter, q: filter.q || undefined, offset: pageParam, limit: postLimits.pageDefault },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore && pages.length * postLimits.pageDefault <= postLimits.offsetMax
        ? pages.length * postLimits.pageDefault
        : undefined,
    placeholderData: keepPreviousData,
  });
}
