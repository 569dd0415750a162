import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTeamsDashboard } from '../api/get-teams-dashboard.ts';
import { roleLabels } from './team-labels.ts';

/** teams-v3: what needs an organizer's attention across their teams, with quick actions. */
export function TeamsDashboard() {
  const dashboard = useTeamsDashboard();
  const teams = dashboard.data?.teams ?? [];
  if (dashboard.isPending) return <Text c="dimmed">Loading your teams…</Text>;
  if (teams.length === 0)
    return (
      <Stack align="flex-start">
        <Text c="dimmed">You do not run a team yet.</Text>
        <Button component={Link} to="/teams/create">
          Create a team or community
        </Button>
      </Stack>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {teams.map((team) => (
        <Card key={team.id} withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {team.name}
              </Title>
              <Badge variant="light">{roleLabels[team.role]}</Badge>
            </Group>
            <Text size="sm">
              {team.memberCount} member{team.memberCount === 1 ? '' : 's'} ·{' '}
              {team.pendingRequests === 0
                ? 'no pending requests'
                : `${team.pendingRequests} pending request${team.pendingRequests === 1 ? '' : 's'}`}
            </Text>
            {team.seasons.length === 0 ? (
              <Text size="sm" c="dimmed">
                No seasons yet.
              </Text>
            ) : (
              team.seasons.map((season) => (
                <Text key={season.id} size="sm">
                  {season.label}: {season.registrationOpen ? 'registration open' : 'registration closed'},{' '}
                  {season.capacity === null
                    ? `${season.registeredCount} registered`
                    : `${season.registeredCount}/${season.capacity} spots taken`}
                </Text>
              ))
            )}
            <Group gap="xs" mt="xs">
              <Button size="xs" component={Link} to={`/team/${team.id}`}>
                Open {team.name}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
