import { unverifiedSignInMessage, verificationSentMessage } from '@huddle/shared/account-messages';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { resendVerificationAtSignIn } from '../api/resend-verification-at-sign-in.ts';
import { useSubmission } from '../use-submission.ts';

/**
 * A password sign-in refused because the email is not verified (spec §8: NoPasswordSet;
 * decision 062): the spec's message, what to do, and a new link for the same email and password.
 */
export function UnverifiedSignIn({
  credentials,
}: {
  /** Null after a form post sent without JavaScript: the password is never carried back, so no resend from here. */
  credentials: { email: string; password: string } | null;
}) {
  const resend = useSubmission(resendVerificationAtSignIn);

  return (
    <Alert color="red" variant="light" title={unverifiedSignInMessage.title} icon={<IconMailExclamation aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{unverifiedSignInMessage.detail}</Text>
        {resend.isSuccess ? (
          <Text size="sm" fw={600} role="status">
            {verificationSentMessage}
          </Text>
        ) : credentials ? (
          <Button
            variant="default"
            size="xs"
            loading={resend.isPending}
            onClick={() => void resend.submit(credentials)}
          >
            Resend verification email
          </Button>
        ) : null}
        {/* Not ErrorText: shared by the sign-in page and the app, it would join a chunk both load. */}
        {resend.error ? (
          <Text size="sm" c="var(--mantine-color-error)" role="status">
            {resend.error.message}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
