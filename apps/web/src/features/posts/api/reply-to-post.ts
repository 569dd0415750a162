import { postEndpoints, type PostReplyBody } from '@huddle/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postKeys } from './post-query-keys.ts';

/** Reply to a post, or in a reply's thread; the post reads again with it. */
export function useReplyToPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReplyBody) => apiRequest(postEndpoints.reply, { params: { postId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) }),
  });
}
