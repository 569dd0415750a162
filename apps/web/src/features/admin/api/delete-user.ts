import { adminEndpoints } from '@huddle/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';
import { adminUsersKey } from './search-users.ts';

export function useDeleteUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(adminEndpoints.deleteUser, { params: { userId } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...adminUsersKey, 'one', userId] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminUsersKey, 'search'] }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      ]);
    },
  });
}
