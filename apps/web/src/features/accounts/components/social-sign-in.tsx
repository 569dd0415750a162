import { socialProviderLabels, type SocialProviderId } from '@huddle/shared/account-messages';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { startSocialSignIn } from '../api/start-social-sign-in.ts';
import classes from './social-sign-in.module.css';

interface SocialSignInProps {
  /** The providers this server has configured (written into auth.html, so they render with the form: decision 063). */
  providers: readonly SocialProviderId[];
  /** Where to land once the provider has answered. */
  returnTo: string;
  /** Starting failed (no connection, provider gone): the form shows why in its alert. */
  onFailure: (error: Error) => void;
}

/**
 * "Continue with Google" and friends, and nothing at all when the server has no provider.
 * Plain text buttons: an icon package would cost the sign-in page more than its budget
 * allows (bench/web-weight.mjs).
 */
export function SocialSignIn({ providers, returnTo, onFailure }: SocialSignInProps) {
  // After success the browser is on its way to the provider: the button stays busy until it leaves.
  const [busyWith, setBusyWith] = useState<SocialProviderId | null>(null);
  if (providers.length === 0) return null;

  const start = (provider: SocialProviderId) => {
    setBusyWith(provider);
    startSocialSignIn({ provider, returnTo }).then(
      (url) => window.location.assign(url),
      (error: unknown) => {
        setBusyWith(null);
        onFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  return (
    // Starting a provider's sign-in is a script's request: not offered without scripts (issue 33).
    <Stack gap="sm" className={classes.needsScripts}>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          loading={busyWith === provider}
          disabled={busyWith !== null && busyWith !== provider}
          onClick={() => start(provider)}
        >
          Continue with {socialProviderLabels[provider]}
        </Button>
      ))}
      <div className={classes.separator}>or use your email</div>
    </Stack>
  );
}
