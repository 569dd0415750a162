import type { EventSummary } from '@huddle/shared/events';
import { eventGenderLabels } from '@huddle/shared/genders';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ViewerStatusBadge } from '../../../components/ui/viewer-status-badge.tsx';
import { formatEventStart, formatPrice } from '../../../lib/format-event-time.ts';
import { useFormatDistanceAway } from '../../../lib/distance-unit.tsx';

/** Where an event's page is (spec §2: discover/events/{id}). */
export function eventPath(eventId: string): string {
  return `/discover/events/${encodeURIComponent(eventId)}`;
}

const skillLabels: Record<EventSummary['skillLevel'], string> = {
  all: 'All levels',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** "3 spots left", "1 spot left" or "Full: waitlist open" (the list and the map popup). */
export function spotsLabel(event: EventSummary): string {
  const left = event.slots - event.joinedCount;
  if (left <= 0) return 'Full: waitlist open';
  return left === 1 ? '1 spot left' : `${left} spots left`;
}

function EventSummaryItem({ event }: { event: EventSummary }) {
  const away = useFormatDistanceAway();
  return (
    <Stack component="li" gap={4} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Anchor component={Link} to={eventPath(event.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {event.title}
      </Anchor>
      <Text size="sm">
        {event.next ? formatEventStart(event.next.startsAt, event.timeZone) : 'No upcoming date'} · {event.gameType}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {event.place.name}
        {event.distanceKm !== null ? ` · ${away(event.distanceKm)}` : ''}
        {event.team ? ` · ${event.team.name}` : ''}
      </Text>
      <Group gap={6}>
        <ViewerStatusBadge status={event.viewerStatus} timeZone={event.timeZone} />
        {/* Shades that keep the badge text at 4.5:1 (axe runs on every page). */}
        <Badge
          variant={event.joinedCount >= event.slots ? 'filled' : 'light'}
          color={event.joinedCount >= event.slots ? 'red.9' : undefined}
        >
          {spotsLabel(event)}
        </Badge>
        <Badge variant="light" color="gray">
          {priceLabel(event)}
        </Badge>
        {event.skillLevel !== 'all' ? (
          <Badge variant="light" color="gray">
            {skillLabels[event.skillLevel]}
          </Badge>
        ) : null}
        {event.gender !== 'Any' ? (
          <Badge variant="light" color="gray">
            {eventGenderLabels[event.gender]}
          </Badge>
        ) : null}
        {event.repeat ? (
          <Badge variant="light" color="gray">
            Weekly
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

/** A paid game says what joining costs, or that the viewer paid (decision 033). */
function priceLabel(event: EventSummary): string {
  if (!event.priceCents) return formatPrice(event.priceCents);
  return event.viewerStatus?.kind === 'going' ? 'Paid' : `Pay ${formatPrice(event.priceCents)} to join`;
}

/** Events as every list shows them: title (to the event page), next time in its zone, place, spots, price. */
export function EventSummaryList({ events, label }: { events: EventSummary[]; label: string }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {events.map((event) => (
        <EventSummaryItem key={event.id} event={event} />
      ))}
    </Stack>
  );
}
