import { postEndpoints, type PostBody, type PostDetail } from '@huddle/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postKeys } from './post-query-keys.ts';

/** Write a post, or edit one's own (postId); the lists and the post read again after. */
export function useSavePost(postId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody): Promise<PostDetail> =>
      postId
        ? apiRequest(postEndpoints.update, { params: { postId }, body })
        : apiRequest(postEndpoints.create, { body }),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      return queryClient.invalidateQueries({ queryKey: postKeys.lists });
    },
  });
}
