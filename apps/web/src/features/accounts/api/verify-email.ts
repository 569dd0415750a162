import { verifyEmailEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Fails with INVALID_TOKEN when the link expired, was already used or was mangled. */
export function verifyEmail(token: string) {
  return apiRequest(verifyEmailEndpoint, { body: { token } });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
