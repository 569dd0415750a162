import { socialProviderLabels, type SocialProviderId } from '@huddle/shared/accounts';
import { Button, Stack } from '@mantine/core';
import { useStartSocialSignIn } from '../api/start-social-sign-in.ts';
import classes from './social-sign-in-buttons.module.css';

export interface SocialSignInButtonsProps {
  providers: readonly SocialProviderId[];
  /** Where to land once the provider has answered. */
  returnTo: string;
  /** Starting failed (no connection, provider gone): the form shows why in its alert. */
  onFailure: (error: Error) => void;
}

/**
 * "Continue with Google" and friends. Plain text buttons: an icon package would cost the
 * sign-in page more than its budget allows (bench/web-weight.mjs). Loaded only when the
 * server has a provider (social-sign-in.tsx).
 */
export default function SocialSignInButtons({ providers, returnTo, onFailure }: SocialSignInButtonsProps) {
  const start = useStartSocialSignIn();
  // After success the browser is on its way to the provider: keep the button busy until it leaves.
  const busy = start.isPending || start.isSuccess;
  return (
    <Stack gap="sm">
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          loading={busy && start.variables?.provider === provider}
          disabled={busy && start.variables?.provider !== provider}
          onClick={() => start.mutate({ provider, returnTo }, { onError: onFailure })}
        >
          Continue with {socialProviderLabels[provider]}
        </Button>
      ))}
      <div className={classes.separator}>or use your email</div>
    </Stack>
  );
}
