import { adminEndpoints } from '@huddle/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminAuditLogKey = ['admin', 'audit-log'] as const;

export function useAuditLog() {
  return useQuery(
    queryOptions({
      queryKey: adminAuditLogKey,
      queryFn: async () => (await apiRequest(adminEndpoints.auditLog)).entries,
    }),
  );
}
