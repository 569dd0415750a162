import { authApiPaths } from '@huddle/shared/auth-pages';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { sendJson } from '../../../lib/api-client.ts';
import { browserSupportsPasskeys, promptErrorOf } from '../../../lib/passkey-prompt.ts';

/** Whether the browser offers passkeys in the email field's autofill (conditional mediation). */
export async function browserOffersPasskeyAutofill(): Promise<boolean> {
  if (!browserSupportsPasskeys()) return false;
  const available = (PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return typeof available === 'function' ? available.call(PublicKeyCredential) : false;
}

/**
 * Signs in with a passkey: a challenge from the server, the browser's prompt (or, with
 * `autofill`, the email field's suggestions, which wait until the person picks one), then the
 * server's check; the session cookie comes with the reply. `stillWanted` is asked before the
 * prompt opens: a prompt started meanwhile by the button must not be cancelled by this one.
 */
export async function signInWithPasskey({
  autofill,
  stillWanted = () => true,
  onPicked = () => undefined,
}: {
  autofill: boolean;
  stillWanted?: () => boolean;
  /** The person chose a passkey (the browser's prompt answered): what fails after this is news to them. */
  onPicked?: () => void;
}): Promise<'signed-in' | 'not-wanted'> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { challengeId, options } = (await sendJson('POST', authApiPaths.passkeyOptions)) as {
    challengeId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  };
  if (!stillWanted()) return 'not-wanted';
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  } catch (error) {
    throw promptErrorOf(error) ?? error;
  }
  onPicked();
  await sendJson('POST', authApiPaths.passkeySignIn, { challengeId, response });
  return 'signed-in';
}
