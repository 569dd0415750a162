import { postEndpoints } from '@huddle/shared/posts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postKeys } from './post-query-keys.ts';

/** One post with its replies (public). */
export function usePost(postId: string) {
  return useQuery({
    queryKey: postKeys.detail(postId),
    queryFn: () => apiRequest(postEndpoints.get, { params: { postId } }),
  });
}
