import { socialSignInErrorMessage, type SocialProviderId } from '@huddle/shared/account-messages';
import { returnToParam, safeReturnTo, socialSignInErrorParam, type AuthFormState } from '@huddle/shared/auth-pages';
import { useEffect, useState } from 'react';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { SignInForm } from '../../features/accounts/components/sign-in-form.tsx';
import { homePath } from '../signed-in-landing.ts';

interface LoginPageProps {
  socialProviders: readonly SocialProviderId[];
  /** The address's query ("?returnTo=…"): the browser's, or the one the server renders for (issue 33). */
  search: string;
  formState: AuthFormState | null;
}

export function LoginPage({ socialProviders, search, formState }: LoginPageProps) {
  const [{ returnTo, socialError }] = useState(() => {
    const params = new URLSearchParams(search);
    const code = params.get(socialSignInErrorParam);
    return {
      returnTo: safeReturnTo(params.get(returnToParam)),
      socialError: code ? socialSignInErrorMessage(code) : null,
    };
  });
  // A failed social sign-in comes back as ?error=<code>: shown once, and dropped from the address
  // so a reload or a shared link does not show it again (after the first render: the server's too).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has(socialSignInErrorParam)) return;
    params.delete(socialSignInErrorParam);
    const rest = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }, []);

  return (
    <>
      <AuthHeading title="Sign in to Huddle" description="Welcome back. Your next game is waiting." />
      <SignInForm
        returnTo={returnTo}
        socialReturnTo={returnTo ?? homePath}
        socialProviders={socialProviders}
        socialError={socialError}
        formState={formState?.form === 'sign-in' ? formState : null}
        // The app starts afresh with the new session (decision 023).
        onSignedIn={() => window.location.replace(returnTo ?? homePath)}
      />
    </>
  );
}
