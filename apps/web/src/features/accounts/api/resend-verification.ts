import { resendVerificationEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails the signed-in user a new verification link. */
export function resendVerification() {
  // No body: the endpoint takes none, and an empty JSON body would be refused.
  return apiRequest(resendVerificationEndpoint);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
