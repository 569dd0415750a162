import type { CurrentUser } from '@huddle/shared/users';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSignOut } from '../api/sign-out.ts';

/** "Your account": who is signed in, and the way out. */
export function AccountCard({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your account
        </Title>
        <Text size="sm">
          Signed in as{' '}
          <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Sign out
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
