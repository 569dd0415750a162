import { passwordLength } from '@huddle/shared/limits';
import { Alert, Anchor, Stack } from '@mantine/core';
import { authPaths } from '@huddle/shared/auth-pages';
import { AuthHeading } from '../../features/accounts/components/auth-heading.tsx';
import { ResetPasswordForm } from '../../features/accounts/components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token');
  return (
    <>
      <AuthHeading
        title="Set a new password"
        description={`Choose a new password of at least ${passwordLength.min} characters.`}
      />
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert color="red" variant="light" title="This link is incomplete">
          <Stack gap={6}>
            <span>
              A reset link carries a code at its end, and this one has none. Open the link from the email again, or ask
              for a new one.
            </span>
            <span>
              <Anchor href={authPaths.forgotPassword} fw={600} c="inherit" underline="always">
                Ask for a new link
              </Anchor>
            </span>
          </Stack>
        </Alert>
      )}
    </>
  );
}
