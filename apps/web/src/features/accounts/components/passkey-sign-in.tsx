import { passkeyMessages } from '@huddle/shared/passkey-messages';
import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { browserSupportsPasskeys, PasskeyPromptError } from '../../../lib/passkey-prompt.ts';
import { useBrowserValue } from '../../../lib/use-hydrated.ts';
import { browserOffersPasskeyAutofill, signInWithPasskey } from '../api/sign-in-with-passkey.ts';
import classes from './social-sign-in.module.css';

interface PasskeySignInProps {
  /** The person is signed in: the page leaves for the app. */
  onSignedIn: () => void;
  /** Why it failed, as the person reads it; the form shows it in its alert. */
  onFailure: (message: string) => void;
  /** A new try started: the form clears its last failure. */
  onStart: () => void;
  /** No social buttons follow with their own separator: this one draws it. */
  withSeparator: boolean;
}

function failureMessage(error: unknown): string | null {
  if (error instanceof PasskeyPromptError) {
    if (error.reason === 'aborted') return null;
    return error.reason === 'cancelled' ? passkeyMessages.cancelled : passkeyMessages.notVerified;
  }
  if (error instanceof ApiError) return error.message;
  return passkeyMessages.notVerified;
}

/**
 * Issue 34, part 3 (decision 078): "Sign in with a passkey", and the same passkeys offered in the
 * email field's autofill where the browser can (conditional mediation; the field says
 * autocomplete="username webauthn"). Nothing renders in a browser without WebAuthn.
 */
export function PasskeySignIn({ onSignedIn, onFailure, onStart, withSeparator }: PasskeySignInProps) {
  // Rendered on the server as where it is supported (every current browser), so the form does not
  // move when the scripts start (issue 33); a browser without WebAuthn drops it right after.
  const supported = useBrowserValue(browserSupportsPasskeys, true);
  const [busy, setBusy] = useState(false);
  // Bumped after the button's prompt ends, so the autofill offer starts again.
  const [autofillRound, setAutofillRound] = useState(0);
  const buttonActive = useRef(false);
  // The autofill offer outlives renders: it calls the latest callbacks.
  const callbacks = useRef({ onSignedIn, onFailure });
  useEffect(() => {
    callbacks.current = { onSignedIn, onFailure };
  });

  useEffect(() => {
    if (!supported) return;
    let live = true;
    const offer = async () => {
      if (!(await browserOffersPasskeyAutofill())) return;
      // Waits until the person picks a passkey in the email field's suggestions. Only what goes
      // wrong after a pick is news to them (a removed passkey, a challenge that ran out meanwhile);
      // an offer that cannot start (no passkey here, the request refused, the address's limit)
      // stays quiet and stops: the button and the password form still work. Each round waits for
      // a pick, so a failure never turns into a loop of requests.
      while (live && !buttonActive.current) {
        let picked = false;
        try {
          const outcome = await signInWithPasskey({
            autofill: true,
            stillWanted: () => live && !buttonActive.current,
            onPicked: () => (picked = true),
          });
          if (outcome === 'signed-in') callbacks.current.onSignedIn();
          return;
        } catch (error) {
          if (!live || buttonActive.current || !picked) return;
          // The challenge ran out while the page sat open: offer again with a new one.
          if (error instanceof ApiError && error.code === 'INVALID_TOKEN') continue;
          const message = failureMessage(error);
          if (message !== null) callbacks.current.onFailure(message);
          // A failed pick: the suggestions are offered again.
        }
      }
    };
    void offer();
    return () => {
      live = false;
    };
  }, [supported, autofillRound]);

  if (!supported) return null;

  const start = () => {
    onStart();
    setBusy(true);
    buttonActive.current = true;
    signInWithPasskey({ autofill: false }).then(
      () => onSignedIn(),
      (error: unknown) => {
        buttonActive.current = false;
        setBusy(false);
        const message = failureMessage(error);
        if (message !== null) onFailure(message);
        setAutofillRound((round) => round + 1);
      },
    );
  };

  return (
    <>
      {/* Still busy after success: the browser is on its way to the app. */}
      {/* Hidden with scripting off (the server's markup without JavaScript): it needs the scripts. */}
      <Button variant="default" fullWidth loading={busy} onClick={start} className={classes.needsScripts}>
        Sign in with a passkey
      </Button>
      {withSeparator ? <div className={`${classes.separator} ${classes.needsScripts}`}>or use your email</div> : null}
    </>
  );
}
