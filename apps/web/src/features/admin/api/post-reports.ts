import { adminEndpoints } from '@huddle/shared/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';

const postReportsKey = ['admin', 'post-reports'] as const;

export function usePostReports() {
  return useQuery(
    queryOptions({
      queryKey: postReportsKey,
      queryFn: async () => (await apiRequest(adminEndpoints.listPostReports)).reports,
    }),
  );
}

/** Dismiss one report (the post stays), or remove a post (its open reports close with it). */
export type ReportAction = { kind: 'dismiss'; reportId: string } | { kind: 'remove'; postId: string };

export function useActOnReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReportAction) =>
      action.kind === 'dismiss'
        ? apiRequest(adminEndpoints.dismissPostReport, { params: { reportId: action.reportId } })
        : apiRequest(adminEndpoints.removePost, { params: { postId: action.postId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postReportsKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      ]),
  });
}
