import { useNavigate, useSearchParams } from 'react-router';
import { returnToParam } from '../../features/accounts/auth-paths.ts';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { SignUpForm } from '../../features/accounts/components/sign-up-form.tsx';
import { safeReturnTo } from '../return-to.ts';
import { homePath } from '../signed-in-landing.ts';

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(searchParams.get(returnToParam));
  return (
    <>
      <AuthHeading
        title="Create your Huddle account"
        description="Find pickup games nearby and keep your team together."
      />
      <SignUpForm
        returnTo={returnTo}
        socialReturnTo={returnTo ?? homePath}
        onSignedUp={() => void navigate(returnTo ?? homePath, { replace: true })}
      />
    </>
  );
}
