import { deleteMeEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Fails with CONFLICT (and a message naming what to do) while the person still owns teams. */
export function deleteAccount() {
  return apiRequest(deleteMeEndpoint, { body: { confirm: 'DELETE' } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
