import { tournamentFormatLabels, type TournamentSummary } from '@huddle/shared/tournaments';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ViewerClockTime } from '../../../components/ui/viewer-clock-time.tsx';

const dayFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Tournaments as cards that open their page. */
export function TournamentList({ tournaments, empty }: { tournaments: TournamentSummary[]; empty: string }) {
  if (tournaments.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {tournaments.map((tournament) => (
        <li key={tournament.id}>
          <UnstyledButton component={Link} to={`/tournament/${encodeURIComponent(tournament.id)}`} w="100%">
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={700}>{tournament.name}</Text>
                  <Text size="sm" c="dimmed">
                    {tournament.teamName} · {tournamentFormatLabels[tournament.format]} ·{' '}
                    <ViewerClockTime iso={tournament.startsAt} format={dayFormat} />
                  </Text>
                </Stack>
                {tournament.championName ? (
                  <Badge variant="light">Champion: {tournament.championName}</Badge>
                ) : (
                  <Badge variant="light" color={tournament.scheduled ? 'huddle' : 'gray'}>
                    {tournament.scheduled ? 'Scheduled' : `${tournament.entrantCount} entered`}
                  </Badge>
                )}
              </Group>
            </Card>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
