import { postEndpoints, type PostReportBody } from '@huddle/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postKeys } from './post-query-keys.ts';

/** Report a post to Huddle's team (once per person and post). */
export function useReportPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReportBody) => apiRequest(postEndpoints.report, { params: { postId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) }),
  });
}
