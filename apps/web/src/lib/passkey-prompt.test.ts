import { describe, expect, it } from 'vitest';
import { promptErrorOf } from './passkey-prompt.ts';

/** What @simplewebauthn/browser throws: a WebAuthnError keeping the browser's DOMException as its cause. */
function webAuthnError(causeName: string, code = 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') {
  return Object.assign(new Error('prompt failed', { cause: new DOMException('x', causeName) }), {
    name: 'WebAuthnError',
    code,
  });
}

describe('promptErrorOf', () => {
  it('tells a closed prompt, one taken over by another, and a device that already holds a passkey apart', () => {
    expect(promptErrorOf(webAuthnError('NotAllowedError'))?.reason).toBe('cancelled');
    expect(promptErrorOf(webAuthnError('AbortError', 'ERROR_CEREMONY_ABORTED'))?.reason).toBe('aborted');
    expect(promptErrorOf(webAuthnError('InvalidStateError'))?.reason).toBe('already-registered');
    expect(promptErrorOf(webAuthnError('SecurityError'))?.reason).toBe('other');
    expect(promptErrorOf(new DOMException('x', 'NotAllowedError'))?.reason).toBe('cancelled');
  });

  it('leaves errors that are not the prompt’s (the server’s refusals) alone', () => {
    expect(promptErrorOf(new Error('We could not find that passkey.'))).toBeNull();
    expect(promptErrorOf('nope')).toBeNull();
  });
});
