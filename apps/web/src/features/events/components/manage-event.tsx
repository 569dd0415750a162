import type { EventView, Party } from '@huddle/shared/events';
import { Anchor, Avatar, Badge, Button, Card, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAttendance } from '../api/attendance.ts';
import { useCancelEvent } from '../api/cancel-event.ts';
import { useCheckInParty } from '../api/check-in-party.ts';
import { useRemoveParty } from '../api/remove-party.ts';
import { formatSpotsLeft, formatTimeRange, zoneLabel } from '../event-format.ts';
import { AddPlayerCard } from './add-player-card.tsx';
import { AttendanceControl } from './attendance-control.tsx';
import { CancelDateButton } from './cancel-date-button.tsx';
import { partyName } from './event-people.tsx';
import { MessagePlayersCard } from './message-players-card.tsx';
import { OccurrenceSelect } from './occurrence-select.tsx';
import { WaitlistManager } from './waitlist-manager.tsx';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** The joiners of one date: check people in on the day, or remove them (with a confirmation). */
function JoinersManager({ view }: { view: EventView }) {
  const checkIn = useCheckInParty();
  const remove = useRemoveParty();
  const [removing, setRemoving] = useState<Party | null>(null);
  const eventId = view.event.id;
  const occurrenceStartsAt = view.occurrence.startsAt;
  // Attendance is marked once the date has started (issue 11), for players with an account.
  const [openedAt] = useState(() => Date.now());
  const started = Date.parse(occurrenceStartsAt) <= openedAt && !view.occurrenceCancelled;
  const attendance = useAttendance(eventId, occurrenceStartsAt, started);
  const statusOf = (userId: string) => attendance.data?.attendance.find((entry) => entry.userId === userId)?.status;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Joined ({view.joiners.reduce((sum, party) => sum + party.partySize, 0)})
          </Title>
          <Text size="sm" c="dimmed">
            {formatSpotsLeft(view.rsvpSlots, view.event.slots)}
          </Text>
        </Group>
        {view.joiners.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody has joined this date yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {view.joiners.map((party) => (
              // On a phone the controls wrap under the name rather than squeezing it to initials.
              <Group key={party.id} component="li" justify="space-between" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 10rem' }}>
                  <Avatar src={party.photoURL} alt="" radius="xl" size="sm" />
                  <Text truncate>{partyName(party)}</Text>
                  {party.isUnregisteredUser && (
                    <Badge size="sm" variant="light" color="gray">
                      Guest
                    </Badge>
                  )}
                </Group>
                <Group gap="xs" wrap="wrap" ml="auto" justify="flex-end">
                  {started && party.userId && (
                    <AttendanceControl
                      eventId={eventId}
                      occurrenceStartsAt={occurrenceStartsAt}
                      party={{ ...party, userId: party.userId }}
                      status={statusOf(party.userId)}
                    />
                  )}
                  <Switch
                    label="Checked in"
                    aria-label={`Checked in: ${party.displayName}`}
                    checked={party.checkedIn}
                    onChange={(change) =>
                      checkIn.mutate(
                        { eventId, partyId: party.id, checkedIn: change.currentTarget.checked },
                        { onError: failed },
                      )
                    }
                  />
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${party.displayName}`}
                    onClick={() => setRemoving(party)}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove from this game?">
        <Stack>
          <Text>
            {removing ? partyName(removing) : ''} loses the spot, and the next person on the waitlist is offered it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Keep
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(
                  { eventId, partyId: removing.id },
                  { onSuccess: () => setRemoving(null), onError: failed },
                )
              }
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** Cancelling keeps the event visible as cancelled (issue 5), so it asks first. */
function CancelEvent({ view }: { view: EventView }) {
  const cancel = useCancelEvent();
  const [open, setOpen] = useState(false);
  if (view.event.cancelled) return null;
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        Cancel event
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Cancel this event?">
        <Stack>
          <Text>
            Everyone who joined or is waiting gets an email, the event shows as cancelled and leaves every list. This
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep the event
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(view.event.id, {
                  onSuccess: () => {
                    setOpen(false);
                    notifications.show({ message: 'The event is cancelled.' });
                  },
                  onError: failed,
                })
              }
            >
              Cancel event
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

interface ManageEventProps {
  view: EventView;
  onOccurrenceChange: (startsAt: string) => void;
  /** "Message everyone": the event's conversation (the messages slice). */
  conversationAction?: ReactNode;
}

/**
 * discover/events/{id}/manage (spec §2): edit, cancel the event or one date, joiners with
 * check-in and attendance, the waitlist, add a player, message the players (issue 11).
 */
export function ManageEvent({ view, onOccurrenceChange, conversationAction }: ManageEventProps) {
  const { event, occurrence } = view;
  if (!view.canManage) {
    return (
      <Stack gap="sm">
        <Title order={1}>You can’t manage this event</Title>
        <Text>Only the person who created it, or the organizers of its team, can manage it.</Text>
        <Anchor component={Link} to={`/discover/events/${event.id}`}>
          Back to the event
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={`/discover/events/${event.id}`} size="sm">
          ← Back to the event
        </Anchor>
        <Group gap="xs">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            Manage: {event.title}
          </Title>
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
        </Group>
        <Text c="dimmed">
          {formatTimeRange(occurrence.startsAt, occurrence.endsAt, event.timeZone)} ·{' '}
          {zoneLabel(event.timeZone, occurrence.startsAt)}
        </Text>
        {conversationAction}
      </Stack>
      <Group gap="xs">
        {!event.cancelled && (
          <Button component={Link} to={`/discover/events/${event.id}/edit`} variant="default">
            Edit event
          </Button>
        )}
        <CancelDateButton view={view} />
        <CancelEvent view={view} />
      </Group>
      <OccurrenceSelect view={view} onChange={onOccurrenceChange} pastDates={4} />
      <JoinersManager view={view} />
      <WaitlistManager view={view} />
      {!event.cancelled && !view.occurrenceCancelled && !event.inPast && <AddPlayerCard view={view} />}
      {!event.cancelled && <MessagePlayersCard view={view} />}
    </Stack>
  );
}
