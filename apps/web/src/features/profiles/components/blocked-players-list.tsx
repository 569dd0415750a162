import { Alert, Avatar, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useBlockedUsers, useUnblockUser } from '../api/blocked-users.ts';

/** Settings, privacy tab: the players this person has blocked, each with a way back. */
export function BlockedPlayersList() {
  const blocked = useBlockedUsers();
  const unblock = useUnblockUser();

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Blocked players
      </Title>
      <Text size="sm" c="dimmed">
        Blocked players cannot message you and see only your name and photo.
      </Text>
      {blocked.isPending ? (
        <Skeleton h={48} />
      ) : blocked.isError ? (
        <Alert color="red" variant="light">
          We could not load your blocked players. {blocked.error.message}
        </Alert>
      ) : blocked.data.blockedUsers.length === 0 ? (
        <Text size="sm">You have not blocked anyone.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {blocked.data.blockedUsers.map((player) => (
            <Group key={player.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar src={player.photoURL} alt="" size={36} radius="xl" />
                <Text size="sm" fw={600} truncate>
                  {player.displayName}
                </Text>
              </Group>
              <Button
                variant="default"
                size="xs"
                loading={unblock.isPending && unblock.variables === player.id}
                onClick={() => unblock.mutate(player.id)}
                aria-label={`Unblock ${player.displayName}`}
              >
                Unblock
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {unblock.isError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {unblock.error.message}
        </Text>
      ) : null}
    </Stack>
  );
}
