import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTeamEvents } from '../api/list-team-events.ts';
import { ViewerStatusBadge } from '../../../components/ui/viewer-status-badge.tsx';
import { formatOccurrence, formatSpotsLeft } from '../event-format.ts';

interface TeamEventsCardProps {
  teamId: string;
  /** Organizers get 'New event'. */
  manages: boolean;
}

/** A team's upcoming events (spec §7 team events), on its page. */
export function TeamEventsCard({ teamId, manages }: TeamEventsCardProps) {
  const events = useTeamEvents(teamId);
  const list = events.data?.events ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Events
        </Title>
        {manages && (
          <Button component={Link} to={`/events/new?teamId=${teamId}`} size="xs" variant="light">
            New event
          </Button>
        )}
      </Group>
      {events.isPending ? (
        <Text c="dimmed" size="sm">
          Loading events…
        </Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {events.isError ? 'The events could not be loaded.' : 'No upcoming events.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((event) => (
            <Stack key={event.id} gap={2} component="li">
              <Anchor component={Link} to={`/discover/events/${event.id}`} fw={600}>
                {event.title}
              </Anchor>
              <ViewerStatusBadge status={event.viewerStatus} timeZone={event.timeZone} />
              <Text size="sm" c="dimmed">
                {event.next ? formatOccurrence(event.next.startsAt, event.timeZone) : 'No coming dates'} ·{' '}
                {event.place.name} · {formatSpotsLeft(event.slots - event.joinedCount, event.slots)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
