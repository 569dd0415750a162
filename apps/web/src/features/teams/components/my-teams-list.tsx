import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMyTeams } from '../api/list-my-teams.ts';
import { kindLabels, roleLabels } from './team-labels.ts';

/** my-communities: every team and community the user owns, organizes or plays in. */
export function MyTeamsList() {
  const teams = useMyTeams();
  const list = teams.data?.teams ?? [];
  if (teams.isPending) return <Text c="dimmed">Loading your teams…</Text>;
  if (list.length === 0)
    return (
      <Text c="dimmed">You are not in any team or community yet. Create one, or join one through an invitation.</Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {list.map((team) => (
        <Card key={team.id} withBorder radius="md" padding="md" component={Link} to={`/team/${team.id}`}>
          <Group wrap="nowrap">
            <Avatar src={team.photoURL} alt="" radius="md" size="lg" color="teal">
              {team.name.slice(0, 2).toUpperCase()}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {team.name}
              </Text>
              <Group gap={4}>
                <Badge size="sm" variant="light">
                  {kindLabels[team.kind]}
                </Badge>
                <Badge size="sm">{roleLabels[team.role]}</Badge>
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {team.gameType} · {team.memberCount} member{team.memberCount === 1 ? '' : 's'}
              </Text>
              <Text size="sm" truncate>
                {team.nextActivityAt
                  ? `Next: ${new Date(team.nextActivityAt).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`
                  : 'No upcoming event'}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
