import type { ConnectionPerson } from '@huddle/shared/connections';
import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One person on the connect page: photo, name (to their profile), a line about them, and buttons. */
export function PersonRow({
  person,
  detail,
  actions,
}: {
  person: ConnectionPerson;
  detail?: string;
  actions: ReactNode;
}) {
  const line = [person.city, detail].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py={6}>
      <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Avatar src={person.photoURL} alt="" radius="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/profile/${encodeURIComponent(person.id)}`} fw={600} c="inherit" truncate>
            {person.displayName}
          </Anchor>
          {line ? (
            <Text size="sm" c="dimmed" truncate>
              {line}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}
