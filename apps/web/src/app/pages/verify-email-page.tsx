import { Button, Stack, Title } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { AuthLayout } from '../../features/accounts/components/auth-layout.tsx';
import { EmailVerification } from '../../features/accounts/components/email-verification.tsx';
import { AppShellLayout } from '../app-shell.tsx';
import { homePath } from '../signed-in-landing.ts';

const tokenParam = 'token';

/** Spec §2 verify-email: open signed in (inside the app shell) or out (the mailed link, in the auth frame). */
export function Component() {
  const user = useSession().data?.user ?? null;
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get(tokenParam);
  const dropToken = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(tokenParam);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  const verification = <EmailVerification token={token} user={user} onTokenUsed={dropToken} />;

  if (!user) {
    return (
      <AuthLayout>
        <AuthHeading title="Verify your email" description="Confirm the address you signed up with." />
        {verification}
      </AuthLayout>
    );
  }
  return (
    <AppShellLayout user={user}>
      <Stack gap="lg" maw={560}>
        <Title order={1}>Verify your email</Title>
        {verification}
        <div>
          <Button component={Link} to={homePath} variant="subtle" px={0}>
            Back to Home
          </Button>
        </div>
      </Stack>
    </AppShellLayout>
  );
}
