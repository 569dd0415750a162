import type { SocialProviderId } from '@huddle/shared/account-messages';
import { returnToParam, safeReturnTo, type AuthFormState } from '@huddle/shared/auth-pages';
import { Button, Divider } from '@mantine/core';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { SignUpForm } from '../../features/accounts/components/sign-up-form.tsx';
import { homePath } from '../signed-in-landing.ts';

interface SignUpPageProps {
  socialProviders: readonly SocialProviderId[];
  /** The address's query ("?returnTo=…"): the browser's, or the one the server renders for (issue 33). */
  search: string;
  formState: AuthFormState | null;
}

export function SignUpPage({ socialProviders, search, formState }: SignUpPageProps) {
  const returnTo = safeReturnTo(new URLSearchParams(search).get(returnToParam));
  return (
    <>
      <AuthHeading
        title="Create your Huddle account"
        description="Find pickup games nearby and keep your team together."
      />
      <SignUpForm
        returnTo={returnTo}
        socialReturnTo={returnTo ?? homePath}
        socialProviders={socialProviders}
        // The app starts afresh with the new session (decision 023); it sends a new person to setup.
        onSignedUp={() => window.location.replace(returnTo ?? homePath)}
        formState={formState?.form === 'sign-up' ? formState : null}
      />
      {/* `/` lands here when signed out (spec §2): games can be browsed before signing up (issue 11). */}
      <Divider my="lg" label="Just looking?" labelPosition="center" />
      <Button component="a" href="/discover" variant="default" fullWidth>
        Browse games near you
      </Button>
    </>
  );
}
