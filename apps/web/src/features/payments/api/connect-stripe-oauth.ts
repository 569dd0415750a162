import { paymentEndpoints, type ConnectOAuthBody } from '@huddle/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stripeAccountQueryKey } from './get-stripe-account.ts';

/** connectOAuth (spec §7): the OAuth return's code links the account. */
export function connectStripeOAuth(body: ConnectOAuthBody) {
  return apiRequest(paymentEndpoints.connectOAuth, { body });
}

export function useConnectStripeOAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectStripeOAuth,
    onSuccess: (account) => queryClient.setQueryData(stripeAccountQueryKey, account),
  });
}
