import {
  emailNotVerifiedMessage,
  emailVerifiedMessage,
  verificationLinkLifetime,
  verificationSentMessage,
} from '@huddle/shared/account-messages';
import type { CurrentUser } from '@huddle/shared/users';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useReloadSession } from '../api/session-updates.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { authPaths } from '@huddle/shared/auth-pages';

type Outcome = { verified: true } | { verified: false; detail: string | null };

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  return outcome.verified ? (
    <Alert color="huddle" variant="light" title={emailVerifiedMessage} icon={<IconCircleCheck aria-hidden />}>
      Thanks for confirming your email address.
    </Alert>
  ) : (
    <Alert color="red" variant="light" title={emailNotVerifiedMessage} icon={<IconAlertCircle aria-hidden />}>
      {outcome.detail}
    </Alert>
  );
}

/** The token from the mailed link, used once; then the session is read again (the banner on home goes). */
function useConfirmEmail() {
  const reloadSession = useReloadSession();
  return useMutation({
    mutationFn: async (token: string): Promise<Outcome> => {
      try {
        await verifyEmail(token);
      } catch (error) {
        // INVALID_TOKEN says why (expired, already used); other failures say what went wrong.
        return { verified: false, detail: error instanceof ApiError ? error.message : null };
      }
      await reloadSession.mutateAsync().catch(() => null);
      return { verified: true };
    },
  });
}

function VerificationStatus({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  const reloadSession = useReloadSession();
  const reloadedUser = reloadSession.data?.user;
  // Spec §5: "after reload shows whether verified".
  const checked: Outcome | null = reloadSession.isSuccess
    ? reloadedUser?.emailVerified
      ? { verified: true }
      : { verified: false, detail: 'Open the link in the email we sent you, then try again.' }
    : null;

  return (
    <Stack gap="md">
      {checked ? <OutcomeAlert outcome={checked} /> : null}
      {reloadSession.error ? (
        <Alert color="red" variant="light" title="We could not check right now">
          {reloadSession.error.message}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Your email
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Group gap={6} wrap="nowrap">
          {user.emailVerified ? (
            <IconCircleCheck size={18} color="var(--mantine-color-huddle-filled)" aria-hidden />
          ) : (
            <IconAlertCircle size={18} color="var(--mantine-color-orange-filled)" aria-hidden />
          )}
          <Text size="sm">{user.emailVerified ? 'Verified' : 'Not verified yet'}</Text>
        </Group>
      </Stack>
      {user.emailVerified ? null : (
        <>
          <Text size="sm">
            We sent a link to this address when you signed up. Open it to confirm the address is yours; it works for{' '}
            {verificationLinkLifetime.words}. Until you do, signing in again with your password waits for it. No email?
            Check your spam folder, or send a new link.
          </Text>
          {resend.isSuccess ? (
            <Alert color="huddle" variant="light" title="Check your email">
              {verificationSentMessage}
            </Alert>
          ) : null}
          {resend.error ? (
            <Alert color="red" variant="light" title="We could not send the link">
              {resend.error.message}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={() => reloadSession.mutate()} loading={reloadSession.isPending}>
              I have verified my email
            </Button>
            <Button variant="default" onClick={() => resend.mutate()} loading={resend.isPending}>
              Resend verification email
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

interface EmailVerificationProps {
  /** From the mailed link (?token=); null when the page is opened from Huddle. */
  token: string | null;
  user: CurrentUser | null;
  /** The token has been tried: the page drops it from the address, so a reload does not try again. */
  onTokenUsed: () => void;
}

/**
 * Spec §4/§5/§8, verify-email. With a token: confirm it once and say 'Email verified!' or
 * 'Email is not verified, please try again.'. Without: the signed-in person's address,
 * whether it is verified, a new link, and a check that reads the session again.
 */
export function EmailVerification({ token, user, onTokenUsed }: EmailVerificationProps) {
  const confirm = useConfirmEmail();
  const started = useRef(false);
  useEffect(() => {
    // Once: a used token fails the second time, and StrictMode runs effects twice.
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, { onSettled: onTokenUsed });
  }, [token, confirm, onTokenUsed]);

  if (confirm.isPending || (token && confirm.isIdle)) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Confirming your email…</Text>
      </Group>
    );
  }

  return (
    <Stack gap="lg">
      {confirm.data ? <OutcomeAlert outcome={confirm.data} /> : null}
      {user ? (
        <VerificationStatus user={user} />
      ) : (
        <Text size="sm">
          <Anchor component={Link} to={authPaths.login} fw={600}>
            Sign in
          </Anchor>{' '}
          to see whether your email is verified or to get a new link.
        </Text>
      )}
    </Stack>
  );
}
