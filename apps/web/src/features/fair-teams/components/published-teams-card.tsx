import { bibColourLabels } from '@huddle/shared/fair-teams';
import { Avatar, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { usePublishedTeams } from '../api/get-published-teams.ts';
import { BibSwatch } from './bib-swatch.tsx';

interface PublishedTeamsCardProps {
  eventId: string;
  occurrenceStartsAt: string;
  /** Signed in: the teams are for the event's players, and read with a session. */
  enabled: boolean;
}

/**
 * The event page's teams, once the organizer published them (issue 34 part 2): each team with
 * its bib colour, the viewer's own marked. Live: a publish shows here without a reload.
 */
export function PublishedTeamsCard({ eventId, occurrenceStartsAt, enabled }: PublishedTeamsCardProps) {
  const published = usePublishedTeams(eventId, occurrenceStartsAt, enabled);
  const teams = published.data?.teams;
  if (!teams) return null;
  const mine = teams.find((team) => team.members.some((member) => member.isYou));
  return (
    <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="published-teams-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="published-teams-title">
          Teams
        </Title>
        {mine && (
          <Text fw={600} role="status">
            You play on {mine.name}: {bibColourLabels[mine.colour].toLowerCase()} bibs.
          </Text>
        )}
        {published.data?.summary && (
          <Text size="sm" c="dimmed">
            {published.data.summary}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(3, teams.length) }} spacing="md">
          {teams.map((team, index) => (
            <Paper key={index} withBorder radius="md" p="sm" component="section" aria-label={team.name}>
              <Group gap="xs" mb="xs" wrap="nowrap">
                <BibSwatch colour={team.colour} size={22} />
                <Text fw={600}>{team.name}</Text>
                <Text size="sm" c="dimmed">
                  {team.members.length} {team.members.length === 1 ? 'player' : 'players'}
                </Text>
              </Group>
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {team.members.map((member) => (
                  <Group key={member.key} gap="xs" component="li" wrap="nowrap">
                    <Avatar src={member.photoURL} alt="" size="sm" radius="xl" />
                    <Text size="sm" truncate>
                      {member.displayName}
                    </Text>
                    {member.isYou && (
                      <Badge size="xs" variant="light">
                        You
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
