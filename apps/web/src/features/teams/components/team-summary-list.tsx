import type { TeamSummary } from '@huddle/shared/teams';
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { kindLabels } from './team-labels.ts';
import { useFormatDistanceAway } from '../../../lib/distance-unit.tsx';

/** Cards of teams linking to their pages; used by the team lists and external teams. */
export function TeamSummaryList({
  teams,
  empty,
}: {
  teams: (TeamSummary & { distanceKm?: number | null })[];
  empty: string;
}) {
  const away = useFormatDistanceAway();
  if (teams.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {teams.map((team) => (
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
                <Badge size="sm" variant="outline">
                  {team.gameType}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {[
                  team.city,
                  team.distanceKm != null ? away(team.distanceKm) : null,
                  `${team.memberCount} member${team.memberCount === 1 ? '' : 's'}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
