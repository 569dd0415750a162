import { socialSignInErrorMessage } from '@huddle/shared/accounts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { returnToParam, socialSignInErrorParam } from '../../features/accounts/auth-paths.ts';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { SignInForm } from '../../features/accounts/components/sign-in-form.tsx';
import { safeReturnTo } from '../return-to.ts';
import { homePath } from '../signed-in-landing.ts';

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(searchParams.get(returnToParam));
  // A failed social sign-in comes back as ?error=<code>: read it once, show it, and drop
  // it from the address so a reload or a shared link does not show it again.
  const [socialError] = useState(() => {
    const code = searchParams.get(socialSignInErrorParam);
    return code ? socialSignInErrorMessage(code) : null;
  });
  const hasErrorParam = searchParams.has(socialSignInErrorParam);
  useEffect(() => {
    if (!hasErrorParam) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(socialSignInErrorParam);
        return next;
      },
      { replace: true },
    );
  }, [hasErrorParam, setSearchParams]);

  return (
    <>
      <AuthHeading title="Sign in to Huddle" description="Welcome back. Your next game is waiting." />
      <SignInForm
        returnTo={returnTo}
        socialReturnTo={returnTo ?? homePath}
        socialError={socialError}
        onSignedIn={() => void navigate(returnTo ?? homePath, { replace: true })}
      />
    </>
  );
}
