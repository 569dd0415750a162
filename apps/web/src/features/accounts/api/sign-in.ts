import { type SignInBody, signInEndpoint } from '@huddle/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

export function signIn(body: SignInBody) {
  return apiRequest(signInEndpoint, { body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
