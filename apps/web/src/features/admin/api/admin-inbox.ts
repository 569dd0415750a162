import { adminEndpoints, type InboxState } from '@huddle/shared/admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';

const applicationsKey = ['admin', 'ambassador-applications'] as const;
const feedbackKey = ['admin', 'feedback'] as const;

export function useAmbassadorApplications(state: InboxState) {
  return useQuery(
    queryOptions({
      queryKey: [...applicationsKey, state],
      queryFn: async () =>
        (await apiRequest(adminEndpoints.listAmbassadorApplications, { query: { state } })).applications,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useFeedbackList(state: InboxState) {
  return useQuery(
    queryOptions({
      queryKey: [...feedbackKey, state],
      queryFn: async () => (await apiRequest(adminEndpoints.listFeedback, { query: { state } })).feedback,
      placeholderData: keepPreviousData,
    }),
  );
}

export type HandledChange = { kind: 'application' | 'feedback'; id: string; handled: boolean };

/** Mark an application or a piece of feedback handled, or not handled again (one audited request). */
export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id, handled }: HandledChange): Promise<{ handledAt: string | null }> =>
      kind === 'application'
        ? apiRequest(adminEndpoints.setAmbassadorApplicationHandled, {
            params: { applicationId: id },
            body: { handled },
          })
        : apiRequest(adminEndpoints.setFeedbackHandled, { params: { feedbackId: id }, body: { handled } }),
    onSuccess: (_reply, { kind }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kind === 'application' ? applicationsKey : feedbackKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      ]),
  });
}
