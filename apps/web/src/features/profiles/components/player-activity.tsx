import { teamKindLabels } from '@huddle/shared/teams';
import type { PublicProfile } from '@huddle/shared/profiles';
import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatEventStart } from '../../../lib/format-event-time.ts';

/** Games played, upcoming games (when the player shows them) and teams, on a public profile (issue 11, item 8). */
export function PlayerActivity({ player, isOwn }: { player: PublicProfile; isOwn: boolean }) {
  return (
    <>
      {player.gamesPlayed !== null && (
        <Stack gap={6}>
          <Title order={2} size="h5">
            Games played
          </Title>
          <Text size="sm" data-testid="games-played">
            <Text span fw={700} fz="lg">
              {player.gamesPlayed}
            </Text>{' '}
            {player.gamesPlayed === 1 ? 'game' : 'games'} on Huddle
          </Text>
        </Stack>
      )}
      <Stack gap={6}>
        <Title order={2} size="h5">
          Upcoming games
        </Title>
        {player.upcomingGames === null ? (
          <Text size="sm" c="dimmed">
            {player.displayName} keeps their upcoming games private.
          </Text>
        ) : player.upcomingGames.length === 0 ? (
          <Text size="sm" c="dimmed">
            No upcoming games{isOwn ? '' : ' you can see'}.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {player.upcomingGames.map((game) => (
              <Stack key={`${game.eventId}-${game.startsAt}`} gap={0} component="li">
                <Anchor
                  component={Link}
                  to={`/discover/events/${game.eventId}`}
                  fw={600}
                  style={{ overflowWrap: 'break-word' }}
                >
                  {game.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatEventStart(game.startsAt, game.timeZone)} · {game.gameType} · {game.placeName}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {isOwn && (
          <Anchor component={Link} to="/settings?tab=privacy" size="xs">
            Choose who sees your upcoming games in Privacy settings
          </Anchor>
        )}
      </Stack>
      <Stack gap={6}>
        <Title order={2} size="h5">
          Teams and communities
        </Title>
        {player.teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            None {isOwn ? 'yet' : 'you can see'}.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {player.teams.map((team) => (
              <Group key={team.id} component="li" gap="sm" wrap="nowrap">
                <Avatar src={team.photoURL} alt="" size={36} radius="md" color="teal.9" variant="filled">
                  {team.name.slice(0, 2).toUpperCase()}
                </Avatar>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/team/${team.id}`} fw={600} style={{ overflowWrap: 'break-word' }}>
                    {team.name}
                  </Anchor>
                  <Group gap={6}>
                    <Badge size="sm" variant="light">
                      {teamKindLabels[team.kind]}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {team.gameType}
                    </Text>
                  </Group>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}
