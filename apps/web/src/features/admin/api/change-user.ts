import { adminEndpoints, type AdminUser, type UserRole } from '@huddle/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuditLogKey } from './get-audit-log.ts';
import { adminUserKey } from './get-user.ts';
import { adminUsersKey } from './search-users.ts';

/** What an admin can do to one account; each is one audited request. */
export type UserChange =
  { kind: 'role'; role: UserRole } | { kind: 'disable' } | { kind: 'enable' } | { kind: 'verify-email' };

function sendChange(userId: string, change: UserChange): Promise<AdminUser> {
  const params = { userId };
  switch (change.kind) {
    case 'role':
      return apiRequest(adminEndpoints.setRole, { params, body: { role: change.role } });
    case 'disable':
      return apiRequest(adminEndpoints.disableUser, { params });
    case 'enable':
      return apiRequest(adminEndpoints.enableUser, { params });
    case 'verify-email':
      return apiRequest(adminEndpoints.verifyUserEmail, { params });
  }
}

export function useChangeUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => sendChange(userId, change),
    onSuccess: async (user) => {
      queryClient.setQueryData(adminUserKey(userId), user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminUsersKey, 'search'] }),
        queryClient.invalidateQueries({ queryKey: adminAuditLogKey }),
      ]);
    },
  });
}
