import { adminPartnerEndpoints, type PartnerBody, type PartnerOfferBody } from '@huddle/shared/partners';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';

const partnersKey = ['admin', 'partners'] as const;
const partnerKey = (partnerId: string) => [...partnersKey, 'one', partnerId] as const;

export function useAdminPartners() {
  return useQuery(
    queryOptions({
      queryKey: [...partnersKey, 'list'],
      queryFn: async () => (await apiRequest(adminPartnerEndpoints.list)).partners,
    }),
  );
}

export function useAdminPartner(partnerId: string) {
  return useQuery(
    queryOptions({
      queryKey: partnerKey(partnerId),
      queryFn: () => apiRequest(adminPartnerEndpoints.get, { params: { partnerId } }),
    }),
  );
}

/** After any partner write: the admin lists, the audit log and the public partner pages are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnersKey }),
      queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      queryClient.invalidateQueries({ queryKey: ['partners'] }),
    ]);
}

/** Create (no id) or edit a partner. */
export function useSavePartner(partnerId: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PartnerBody) =>
      partnerId
        ? apiRequest(adminPartnerEndpoints.update, { params: { partnerId }, body })
        : apiRequest(adminPartnerEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

export function useDeletePartner(partnerId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiRequest(adminPartnerEndpoints.remove, { params: { partnerId } }),
    onSuccess: refresh,
  });
}

/** Create (no offer id) or edit an offer of this partner. */
export function useSaveOffer(partnerId: string, offerId: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PartnerOfferBody) =>
      offerId
        ? apiRequest(adminPartnerEndpoints.updateOffer, { params: { offerId }, body })
        : apiRequest(adminPartnerEndpoints.createOffer, { params: { partnerId }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (offerId: string) => apiRequest(adminPartnerEndpoints.removeOffer, { params: { offerId } }),
    onSuccess: refresh,
  });
}

/** The league form's team picker: public teams and communities whose name contains `search`. */
export function usePartnerTeams(search: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...partnersKey, 'teams', search],
      queryFn: async () => (await apiRequest(adminPartnerEndpoints.searchTeams, { query: { q: search } })).teams,
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
