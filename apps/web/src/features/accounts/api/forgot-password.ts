import { type ForgotPasswordBody, forgotPasswordEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Always answers ok, whether or not the email has an account (no account discovery). */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest(forgotPasswordEndpoint, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
