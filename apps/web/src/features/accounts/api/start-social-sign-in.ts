import { type SocialProviderId, startSocialSignInEndpoint } from '@huddle/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

interface StartSocialSignInInput {
  provider: SocialProviderId;
  /** Where the provider's answer finally lands (a path on this site). */
  returnTo: string;
}

/** The reply is the provider's sign-in address; the provider comes back through /api/auth/callback/:provider. */
export function startSocialSignIn({ provider, returnTo }: StartSocialSignInInput) {
  return apiRequest(startSocialSignInEndpoint, { params: { provider }, body: { returnTo } });
}

/** Leaves the page for the provider; the pending state stays on until the browser navigates away. */
export function useStartSocialSignIn() {
  return useMutation({
    mutationFn: startSocialSignIn,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
