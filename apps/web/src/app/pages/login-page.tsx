import { socialSignInErrorMessage, type SocialProviderId } from '@huddle/shared/account-messages';
import { returnToParam, safeReturnTo, socialSignInErrorParam } from '@huddle/shared/auth-pages';
import { useState } from 'react';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { SignInForm } from '../../features/accounts/components/sign-in-form.tsx';
import { homePath } from '../signed-in-landing.ts';

export function LoginPage({ socialProviders }: { socialProviders: readonly SocialProviderId[] }) {
  const [{ returnTo, socialError }] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get(socialSignInErrorParam);
    // A failed social sign-in comes back as ?error=<code>: read it once, show it, and drop it
    // from the address so a reload or a shared link does not show it again.
    if (code) {
      params.delete(socialSignInErrorParam);
      const search = params.toString();
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    }
    return {
      returnTo: safeReturnTo(params.get(returnToParam)),
      socialError: code ? socialSignInErrorMessage(code) : null,
    };
  });

  return (
    <>
      <AuthHeading title="Sign in to Huddle" description="Welcome back. Your next game is waiting." />
      <SignInForm
        returnTo={returnTo}
        socialReturnTo={returnTo ?? homePath}
        socialProviders={socialProviders}
        socialError={socialError}
        // The app starts afresh with the new session (decision 023).
        onSignedIn={() => window.location.replace(returnTo ?? homePath)}
      />
    </>
  );
}
