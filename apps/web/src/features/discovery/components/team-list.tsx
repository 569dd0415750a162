import type { TeamSummary } from '@huddle/shared/teams';
import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormatDistanceAway } from '../../../lib/distance-unit.tsx';

type TeamRow = Pick<TeamSummary, 'id' | 'name' | 'gameType' | 'city' | 'photoURL' | 'kind'> & {
  distanceKm?: number | null;
  memberCount?: number;
};

export function teamPath(teamId: string): string {
  return `/team/${encodeURIComponent(teamId)}`;
}

/** Teams and communities with their game, city and distance; each name goes to the team page. */
export function TeamList({ teams, label }: { teams: TeamRow[]; label: string }) {
  const away = useFormatDistanceAway();
  return (
    <Stack component="ul" gap="sm" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {teams.map((team) => (
        <Group component="li" key={team.id} gap="sm" wrap="nowrap">
          <Avatar src={team.photoURL} alt="" radius="md" size={40} name={team.name} />
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={teamPath(team.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {[
                team.kind === 'community' ? 'Community' : team.gameType,
                team.city,
                team.distanceKm != null ? away(team.distanceKm) : null,
                team.memberCount !== undefined ? `${team.memberCount} members` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
