import { postEndpoints } from '@huddle/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postKeys } from './post-query-keys.ts';

/** Delete one's own post; it leaves the lists. */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(postEndpoints.remove, { params: { postId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      return queryClient.invalidateQueries({ queryKey: postKeys.lists });
    },
  });
}
