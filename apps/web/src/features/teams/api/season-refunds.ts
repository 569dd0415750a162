import { paidGameEndpoints } from '@huddle/shared/paid-games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { registrationsKey } from './seasons.ts';
import { teamKeys } from './team-query-keys.ts';

// A paid season's payments for its organizers, and the full refund of one registration (decision 043).

const seasonPaymentsKey = (seasonId: string) => ['seasons', 'payments', seasonId] as const;

export function useSeasonPayments(seasonId: string, enabled: boolean) {
  return useQuery({
    queryKey: seasonPaymentsKey(seasonId),
    queryFn: () => apiRequest(paidGameEndpoints.seasonPayments, { params: { seasonId } }),
    enabled,
  });
}

export function useRefundSeasonRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, registrationId }: { teamId: string; seasonId: string; registrationId: string }) =>
      apiRequest(paidGameEndpoints.refundSeasonRegistration, { params: { seasonId, registrationId } }),
    // Refused too (a parallel refund won): the list shows what is true now.
    onSettled: (_reply, _error, { seasonId, teamId }) => {
      void queryClient.invalidateQueries({ queryKey: seasonPaymentsKey(seasonId) });
      void queryClient.invalidateQueries({ queryKey: registrationsKey(seasonId) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.seasons(teamId) });
    },
  });
}
