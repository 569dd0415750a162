import { Button, Divider } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
      {/* `/` lands here when signed out (spec §2): games can be browsed before signing up (issue 11). */}
      <Divider my="lg" label="Just looking?" labelPosition="center" />
      <Button component={Link} to="/discover" variant="default" fullWidth>
        Browse games near you
      </Button>
    </>
  );
}
