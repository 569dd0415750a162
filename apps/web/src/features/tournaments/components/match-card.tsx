import type { TournamentMatch } from '@huddle/shared/tournaments';
import { Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ViewerClockTime } from '../../../components/ui/viewer-clock-time.tsx';

const startFormat: Intl.DateTimeFormatOptions = { weekday: 'short', hour: 'numeric', minute: '2-digit' };

function SideRow({ side, score, won }: { side: TournamentMatch['home']; score: number | null; won: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={won ? 700 : 400} c={side.name ? undefined : 'dimmed'} truncate="end">
        {side.name ?? side.placeholder}
        {won ? <VisuallyHidden> (winner)</VisuallyHidden> : null}
      </Text>
      <Text size="sm" fw={won ? 700 : 400} ff="monospace">
        {score ?? '–'}
      </Text>
    </Group>
  );
}

/** One match of the bracket: where and when, both sides with their scores, and the score button when the viewer may use it. */
export function MatchCard({ match, onScore }: { match: TournamentMatch; onScore: (match: TournamentMatch) => void }) {
  const played = match.homeScore !== null;
  const homeWon = played && match.winnerEntrantId !== null && match.winnerEntrantId === match.home.entrantId;
  const awayWon = played && match.winnerEntrantId !== null && match.winnerEntrantId === match.away.entrantId;
  const label = `${match.home.name ?? match.home.placeholder} v ${match.away.name ?? match.away.placeholder}`;
  return (
    <Card withBorder radius="md" padding="xs" component="article" aria-label={`Match ${match.key}: ${label}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {match.key} · {match.court}
          </Text>
          <Text size="xs" c="dimmed">
            <ViewerClockTime iso={match.startsAt} format={startFormat} />
          </Text>
        </Group>
        <SideRow side={match.home} score={match.homeScore} won={homeWon} />
        <SideRow side={match.away} score={match.awayScore} won={awayWon} />
        {played && match.winnerEntrantId === null ? (
          <Badge variant="light" color="gray" size="sm">
            Draw
          </Badge>
        ) : null}
        {match.canScore ? (
          <Button size="compact-xs" variant="light" onClick={() => onScore(match)} aria-label={`Enter score: ${label}`}>
            {played ? 'Change score' : 'Enter score'}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
