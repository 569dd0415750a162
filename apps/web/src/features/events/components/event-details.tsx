import { teamKindLabels } from '@huddle/shared/teams';
import type { EventView } from '@huddle/shared/events';
import { eventGenderLabels } from '@huddle/shared/genders';
import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  clocksDiffer,
  formatPrice,
  formatRepeat,
  formatTimeRange,
  skillLevelLabels,
  zoneLabel,
} from '../event-format.ts';
import { useViewerTimeZone } from '../../../lib/format-event-time.ts';
import yourTimeScript from '../inline/your-time.js?raw';
import classes from './event-details.module.css';
import { EventPeople } from './event-people.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { JoinPanel } from './join-panel.tsx';
import { OccurrenceSelect } from './occurrence-select.tsx';
import { ShareEvent } from './share-event.tsx';

interface EventDetailsProps {
  view: EventView;
  /** The signed-in viewer, or null for a visitor. */
  userId: string | null;
  signInPath: string;
  onOccurrenceChange: (startsAt: string) => void;
  /** The map of the event's place (the page composes it from the places feature). */
  placeMap: ReactNode;
  /** "Message the organizer" (the messages slice), for a signed-in viewer who is not the organizer. */
  organizerAction?: ReactNode;
}

/**
 * "Your time: …" under the game's time when the viewer's clock reads differently. On the server,
 * the zone the browser's cookie says. A first visit has none: the server then writes the line empty
 * and hidden with what it needs, and a constant inline script right after it (inline/your-time.js)
 * fills it with the browser's zone before the first paint; hydration leaves both as they are, and
 * the render with the browser's zone puts the same words in the same place (issue 33: the line
 * appeared after hydration before, and moved everything below it).
 */
function YourTime({ view }: { view: EventView }) {
  const { event, occurrence } = view;
  const viewerZone = useViewerTimeZone();
  if (viewerZone === null) {
    return (
      <>
        <Text
          size="sm"
          hidden
          data-starts-at={occurrence.startsAt}
          data-ends-at={occurrence.endsAt}
          data-time-zone={event.timeZone}
          // The script has filled it: hydration keeps its words (and does not compare them).
          dangerouslySetInnerHTML={{ __html: '' }}
          suppressHydrationWarning
        />
        <script dangerouslySetInnerHTML={{ __html: yourTimeScript }} />
      </>
    );
  }
  if (!clocksDiffer(occurrence.startsAt, event.timeZone, viewerZone)) return null;
  return (
    <Text size="sm">
      Your time: {formatTimeRange(occurrence.startsAt, occurrence.endsAt, viewerZone)} (
      {zoneLabel(viewerZone, occurrence.startsAt)})
    </Text>
  );
}

/** When: in the event's own zone, named, and on the viewer's clock when that reads differently. */
function EventWhen({ view }: { view: EventView }) {
  const { event, occurrence } = view;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <IconClock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2}>
        <Text fw={600}>{formatTimeRange(occurrence.startsAt, occurrence.endsAt, event.timeZone)}</Text>
        <Text size="sm" c="dimmed">
          {zoneLabel(event.timeZone, occurrence.startsAt)}
        </Text>
        <YourTime view={view} />
        {event.repeat && <Text size="sm">{formatRepeat(event.repeat)}</Text>}
      </Stack>
    </Group>
  );
}

/** The event view (spec §2 discover/events/{id}, spec §3 event view data). */
export function EventDetails({
  view,
  userId,
  signInPath,
  onOccurrenceChange,
  placeMap,
  organizerAction,
}: EventDetailsProps) {
  const { event, creator } = view;
  const about = (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <EventWhen view={view} />
        <OccurrenceSelect view={view} onChange={onOccurrenceChange} />
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/places/view/${event.place.id}`} fw={600}>
              {event.place.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {event.place.address}
            </Text>
          </Stack>
        </Group>
        {event.team && (
          <Group gap="sm" wrap="nowrap">
            <IconUsers size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              A{' '}
              <Anchor component={Link} to={`/team/${event.team.id}`}>
                {event.team.name}
              </Anchor>{' '}
              event
            </Text>
          </Group>
        )}
        <Group gap="sm" wrap="nowrap">
          <Avatar src={creator.photoURL} alt="" radius="xl" size="sm" />
          <Text size="sm">
            Organized by{' '}
            <Anchor component={Link} to={`/profile/${creator.id}`}>
              {creator.displayName}
            </Anchor>
          </Text>
        </Group>
        {userId !== null && userId !== creator.id && organizerAction}
        {event.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text>}
      </Stack>
    </Card>
  );
  const joining = (
    <>
      <JoinPanel view={view} signedIn={Boolean(userId)} signInPath={signInPath} />
      <ShareEvent view={view} />
    </>
  );
  const people = <EventPeople view={view} />;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{event.gameType}</Badge>
          <Badge variant="outline" color="gray">
            {skillLevelLabels[event.skillLevel]}
          </Badge>
          {event.gender !== 'Any' && (
            <Badge variant="outline" color="gray">
              {eventGenderLabels[event.gender]}
            </Badge>
          )}
          <Badge variant="outline" color="gray">
            {formatPrice(event.priceCents)}
          </Badge>
          {/* Decision 033: a paid game's joined player paid for the spot. */}
          {Boolean(event.priceCents) && view.myParty?.status === 'joined' && (
            <Badge variant="filled" color="huddle.9">
              Paid
            </Badge>
          )}
          {event.visibility === 'team' && (
            <Badge variant="outline" color="gray">
              {/* A community's members-only event says so (issue 11). */}
              {event.team ? teamKindLabels[event.team.kind] : 'Team'} only
            </Badge>
          )}
          {event.cancelled && (
            <Badge color="red" variant="light">
              Cancelled
            </Badge>
          )}
          {!event.cancelled && view.occurrenceCancelled && (
            <Badge color="red" variant="light">
              This date is cancelled
            </Badge>
          )}
          {!event.cancelled && event.inPast && (
            <Badge color="gray" variant="light">
              Over
            </Badge>
          )}
        </Group>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Title>
        <Group gap="xs">
          <FavoriteButton view={view} userId={userId} />
          {view.canManage && (
            <Button component={Link} to={`/discover/events/${event.id}/manage`} variant="light">
              Manage
            </Button>
          )}
        </Group>
      </Stack>

      {/* One tree for every screen, placed by CSS (event-details.module.css): on a phone the way to
          join comes before the list of players. */}
      <div className={classes.layout}>
        <div className={classes.about}>{about}</div>
        <Stack gap="lg" className={classes.side}>
          {joining}
          {placeMap}
        </Stack>
        <div className={classes.people}>{people}</div>
      </div>
    </Stack>
  );
}
