import { adminEndpoints } from '@huddle/shared/admin';
import type { FeatureFlagKey } from '@huddle/shared/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';
import { adminFlagsKey } from './get-flags.ts';

/**
 * Turns a flag on or off. Other people's pages see it at their next config read (every minute,
 * never more often than spec §9's 10 s minimum fetch interval: decision 047); the public
 * config is marked stale here so this admin's own pages follow at once.
 */
export function useSetFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, enabled }: { key: FeatureFlagKey; enabled: boolean }) =>
      apiRequest(adminEndpoints.setFlag, { params: { key }, body: { enabled } }),
    onSuccess: async ({ flags }) => {
      queryClient.setQueryData(adminFlagsKey, flags);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['public-config'] }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      ]);
    },
  });
}
