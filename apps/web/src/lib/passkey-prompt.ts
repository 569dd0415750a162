/*
 * The browser's side of passkeys (decision 078), for the sign-in page and settings alike:
 * whether WebAuthn is there, and what its prompt's failures mean.
 */

/** Whether this browser, on this page, can use passkeys at all (WebAuthn needs a secure context). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** The browser's passkey prompt failed: closed, timed out or refused, taken over by another prompt, or else. */
export class PasskeyPromptError extends Error {
  override readonly name = 'PasskeyPromptError';
  constructor(
    readonly reason: 'cancelled' | 'aborted' | 'already-registered' | 'other',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a WebAuthn failure means, by the name of the DOMException underneath (simplewebauthn wraps
 * it in a WebAuthnError that keeps it as the cause), or null for an error that is not the prompt's.
 */
export function promptErrorOf(error: unknown): PasskeyPromptError | null {
  if (!(error instanceof Error)) return null;
  const name = error.name === 'WebAuthnError' ? ((error.cause as Error | undefined)?.name ?? error.name) : error.name;
  const code = (error as { code?: string }).code;
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError')
    return new PasskeyPromptError('aborted', error.message);
  if (name === 'NotAllowedError') return new PasskeyPromptError('cancelled', error.message);
  // create() with an authenticator that already holds one of the excluded credentials.
  if (name === 'InvalidStateError') return new PasskeyPromptError('already-registered', error.message);
  if (error.name === 'WebAuthnError' || error instanceof DOMException)
    return new PasskeyPromptError('other', error.message);
  return null;
}
