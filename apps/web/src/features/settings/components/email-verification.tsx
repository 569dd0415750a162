import { verificationSentMessage } from '@huddle/shared/account-messages';
import type { CurrentUser } from '@huddle/shared/users';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useResendVerification } from '../api/resend-verification.ts';

/** Settings, general tab: the sign-in email and whether it is verified, with a new link on request. */
export function EmailVerification({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        {user.emailVerified ? (
          <Badge color="huddle" variant="filled">
            Verified
          </Badge>
        ) : (
          // Filled: the light variants fall below 4.5:1 text contrast (axe).
          <Badge color="red.9" variant="filled">
            Not verified
          </Badge>
        )}
      </Group>
      {user.emailVerified ? null : (
        <>
          <Text size="sm" c="dimmed">
            Open the link we emailed you to verify this address. It may take a minute to arrive.
          </Text>
          <Group>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconMailForward size={16} aria-hidden />}
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: 'huddle', message: verificationSentMessage }),
                  onError: (error) => notifications.show({ color: 'red', message: error.message }),
                })
              }
            >
              Resend verification email
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
