import type { CurrentUser } from '@huddle/shared/users';
import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMail, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dateTimeFormat } from '../../../lib/intl-formats.ts';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text span c="dimmed" lh={0} mt={2}>
        {icon}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The player at a glance: photo, name, email, home city and how long they have played with Huddle. */
export function PlayerSummaryCard({ user }: { user: CurrentUser }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="lg" align="flex-start" wrap="nowrap">
        <Avatar src={user.photoURL} alt="" size={72} radius={72} />
        <Stack gap={6} miw={0}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {user.displayName}
          </Title>
          <Fact icon={<IconMail size={16} aria-hidden />}>{user.email}</Fact>
          {user.defaultCity ? <Fact icon={<IconMapPin size={16} aria-hidden />}>{user.defaultCity.name}</Fact> : null}
          <Fact icon={<IconCalendar size={16} aria-hidden />}>
            Member since{' '}
            {dateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(user.createdAt))}
          </Fact>
        </Stack>
      </Group>
    </Card>
  );
}
