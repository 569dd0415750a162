import { adminEndpoints } from '@huddle/shared/admin';
import { adminPromotionEndpoints, type PromotionBody } from '@huddle/shared/promotions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';

const promotionsKey = ['admin', 'promotions'] as const;

/** The running variant's plans, read-only. */
export function useAdminPlans() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'plans'],
      queryFn: () => apiRequest(adminEndpoints.listPlans),
    }),
  );
}

export function useAdminPromotions() {
  return useQuery(
    queryOptions({
      queryKey: promotionsKey,
      queryFn: async () => (await apiRequest(adminPromotionEndpoints.list)).promotions,
    }),
  );
}

/** After a write: the list, the audit log, and the public config that carries home's banner. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: promotionsKey }),
      queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      queryClient.invalidateQueries({ queryKey: ['public-config'] }),
    ]);
}

/** Create (no id) or edit a promotion. */
export function useSavePromotion(promotionId: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PromotionBody) =>
      promotionId
        ? apiRequest(adminPromotionEndpoints.update, { params: { promotionId }, body })
        : apiRequest(adminPromotionEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

export function useDeletePromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (promotionId: string) => apiRequest(adminPromotionEndpoints.remove, { params: { promotionId } }),
    onSuccess: refresh,
  });
}
