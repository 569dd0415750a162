import { useNavigate, useSearchParams } from 'react-router';
import { returnToParam } from '../../features/accounts/auth-paths.ts';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { SignInForm } from '../../features/accounts/components/sign-in-form.tsx';
import { safeReturnTo } from '../return-to.ts';
import { homePath } from '../signed-in-landing.ts';

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(searchParams.get(returnToParam));
  return (
    <>
      <AuthHeading title="Sign in to Huddle" description="Welcome back. Your next game is waiting." />
      <SignInForm returnTo={returnTo} onSignedIn={() => void navigate(returnTo ?? homePath, { replace: true })} />
    </>
  );
}
