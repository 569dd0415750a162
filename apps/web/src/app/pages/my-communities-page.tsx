import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MyTeamsList } from '../../features/teams/components/my-teams-list.tsx';

/** my-communities (spec §2): the teams and communities the user owns, organizes or belongs to. */
export function Component() {
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1}>Your Communities</Title>
        <Group gap="xs">
          <Button component={Link} to="/teams-v3" variant="default">
            Teams you run
          </Button>
          <Button component={Link} to="/teams/create">
            Create a team or community
          </Button>
        </Group>
      </Group>
      <MyTeamsList />
    </Stack>
  );
}
