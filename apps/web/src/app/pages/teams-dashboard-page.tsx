import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TeamsDashboard } from '../../features/teams/components/teams-dashboard.tsx';

/** teams-v3 (spec §2, guarded, lazy): the organizer's dashboard across their teams. */
export function Component() {
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1}>Teams you run</Title>
        <Button component={Link} to="/teams/create" variant="light">
          Create a team or community
        </Button>
      </Group>
      <TeamsDashboard />
    </Stack>
  );
}
