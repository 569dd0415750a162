import { resendVerificationEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resendVerification() {
  return apiRequest(resendVerificationEndpoint);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
