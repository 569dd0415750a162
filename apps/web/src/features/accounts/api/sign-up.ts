import { type SignUpBody, signUpEndpoint } from '@huddle/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

export function signUp(body: SignUpBody) {
  return apiRequest(signUpEndpoint, { body });
}

/** A new account is signed in at once (201 with the session). */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
