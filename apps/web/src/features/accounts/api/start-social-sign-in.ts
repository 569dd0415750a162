import type { SocialProviderId } from '@huddle/shared/account-messages';
import { authApiPaths } from '@huddle/shared/auth-pages';
import { genericErrorMessages } from '@huddle/shared/errors';
import { ApiError, sendJson } from '../../../lib/api-client.ts';

interface StartSocialSignInInput {
  provider: SocialProviderId;
  /** Where the provider's answer finally lands (a path on this site). */
  returnTo: string;
}

/** The provider's sign-in address; the provider comes back through /api/auth/callback/:provider. */
export async function startSocialSignIn({ provider, returnTo }: StartSocialSignInInput): Promise<string> {
  const path = authApiPaths.startSocialSignIn.replace(':provider', encodeURIComponent(provider));
  const reply = await sendJson('POST', path, { returnTo });
  const url = (reply as { url?: unknown } | undefined)?.url;
  // Only an absolute web address is opened: anything else means the server broke its contract.
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    throw new ApiError('INTERNAL', genericErrorMessages.INTERNAL, 200);
  }
  return url;
}
