import type { PlayerHit } from '@huddle/shared/discovery';
import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormatDistanceAway } from '../../../lib/distance-unit.tsx';

export function playerPath(userId: string): string {
  return `/profile/${encodeURIComponent(userId)}`;
}

/** Players with their photo, city and distance; each name goes to the public profile. */
export function PlayerList({ players, label }: { players: PlayerHit[]; label: string }) {
  const away = useFormatDistanceAway();
  return (
    <Stack component="ul" gap="sm" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {players.map((player) => (
        <Group component="li" key={player.id} gap="sm" wrap="nowrap">
          <Avatar src={player.photoURL} alt="" radius="xl" size={40} />
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={playerPath(player.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {player.displayName}
            </Anchor>
            <Text size="sm" c="dimmed">
              {[player.city, player.distanceKm !== null ? away(player.distanceKm) : null].filter(Boolean).join(' · ') ||
                'Huddle player'}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
