import { type ResetPasswordBody, resetPasswordEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Fails with INVALID_TOKEN when the link expired or was already used. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest(resetPasswordEndpoint, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
