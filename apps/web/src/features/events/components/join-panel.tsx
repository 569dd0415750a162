import { occurrenceCancelledMessage } from '@huddle/shared/event-organizer';
import {
  eventCancelledMessage,
  eventPastMessage,
  guestFriendsMessage,
  joinEventBody,
  maxFriends,
  type EventView,
  type Party,
} from '@huddle/shared/events';
import { Alert, Anchor, Button, Card, Group, Modal, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useClaimOffer } from '../api/claim-offer.ts';
import { useJoinEvent } from '../api/join-event.ts';
import { useLeaveEvent } from '../api/leave-event.ts';
import { formatTimeLeft } from '../event-format.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';

interface JoinPanelProps {
  view: EventView;
  signedIn: boolean;
  /** Where "sign in" sends the visitor, coming back here afterwards. */
  signInPath: string;
}

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** Re-reads the clock twice a minute, for the time left on an offer. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: true });
  return now;
}

function friendsLabel(party: Party) {
  const friends = party.partySize - 1;
  return friends > 0 ? ` with ${friends} ${friends === 1 ? 'friend' : 'friends'}` : '';
}

/** The viewer's place in the game: in, waiting, or offered a freed spot with a claim window. */
function MyParty({ view, party }: { view: EventView; party: Party }) {
  const leave = useLeaveEvent();
  const claim = useClaimOffer();
  const now = useNow();
  const eventId = view.event.id;
  const leaveIt = () =>
    leave.mutate(
      { eventId, occurrence: view.occurrence.startsAt },
      { onSuccess: () => notifications.show({ message: 'You are off the list for this date.' }), onError: failed },
    );

  if (party.status === 'offered') {
    const left = party.offerExpiresAt ? Date.parse(party.offerExpiresAt) - now : 0;
    return (
      <Stack gap="sm">
        {/* No Alert title: its tinted colour is too faint on the tinted background (axe contrast). */}
        <Alert color="green">
          <Text fw={700}>A spot opened up for you</Text>
          <Text size="sm">Claim it before the offer ends: {formatTimeLeft(left)}.</Text>
        </Alert>
        <Group>
          <Button
            loading={claim.isPending}
            onClick={() =>
              claim.mutate(
                { eventId, partyId: party.id },
                {
                  onSuccess: () => notifications.show({ message: 'The spot is yours. See you there!' }),
                  onError: failed,
                },
              )
            }
          >
            Claim spot
          </Button>
          <Button variant="default" loading={leave.isPending} onClick={leaveIt}>
            Decline
          </Button>
        </Group>
      </Stack>
    );
  }
  if (party.status === 'waitlisted') {
    const place = view.waitlist.findIndex((entry) => entry.id === party.id) + 1;
    return (
      <Stack gap="sm">
        <Text>
          You are on the waitlist{friendsLabel(party)}
          {place > 0 ? `, number ${place} in line` : ''}. When a spot frees up you get the first chance at it.
        </Text>
        <Button variant="default" loading={leave.isPending} onClick={leaveIt} style={{ alignSelf: 'flex-start' }}>
          Leave the waitlist
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text fw={600}>You’re in{friendsLabel(party)}.</Text>
      <Button variant="default" loading={leave.isPending} onClick={leaveIt} style={{ alignSelf: 'flex-start' }}>
        Leave
      </Button>
    </Stack>
  );
}

interface GuestValues {
  name: string;
  email: string;
  friends: number | string;
}

const guestBody = (view: EventView, values: GuestValues) => ({
  occurrenceStartsAt: view.occurrence.startsAt,
  friends: Number(values.friends) || 0,
  guest: { name: values.name.trim(), email: values.email.trim() },
});
const guestField = (path: string) => path.replace(/^guest\./, '');

/**
 * Signed-out visitors join with a name and an email (spec §1 unregistered users), bringing at
 * most the friends the organizer allows guests. The server answers alike whether or not the
 * email has an account (issue 10) and mails the address what happened, so this says only that.
 */
function GuestJoin({ view, full, signInPath }: { view: EventView; full: boolean; signInPath: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const join = useJoinEvent();
  const maxGuestFriends = view.event.maxGuestFriends;
  const form = useForm<GuestValues>({
    initialValues: { name: '', email: '', friends: 0 },
    // The shared join schema's own messages, on the fields they name, and the event's guest cap.
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = joinEventBody.safeParse(guestBody(view, values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[guestField(issue.path.join('.'))] ??= issue.message;
      }
      if (Number(values.friends) > maxGuestFriends) errors.friends ??= guestFriendsMessage(maxGuestFriends);
      return errors;
    },
  });

  if (sent) {
    return (
      <Text fw={600}>
        Thanks, {sent.name}. We’ve sent the details to {sent.email}.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Button onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {full ? 'Join the waitlist as a guest' : 'Join as a guest'}
      </Button>
      <Text size="sm">
        Have an account?{' '}
        <Anchor component={Link} to={signInPath}>
          Sign in to join
        </Anchor>
      </Text>
      <Modal opened={open} onClose={() => setOpen(false)} title={full ? 'Join the waitlist' : 'Join this game'}>
        <form
          onSubmit={form.onSubmit(
            (values) =>
              join.mutate(
                { eventId: view.event.id, body: guestBody(view, values) },
                {
                  onSuccess: () => {
                    setOpen(false);
                    setSent({ name: values.name.trim(), email: values.email.trim() });
                  },
                  onError: (error) => {
                    if (error instanceof ApiError && error.fields) {
                      form.setErrors(
                        Object.fromEntries(
                          Object.entries(error.fieldMessages).map(([field, message]) => [guestField(field), message]),
                        ),
                      );
                    }
                    failed(error);
                  },
                },
              ),
            focusFirstError,
          )}
        >
          <Stack>
            <TextInput label="Your name" autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            {maxGuestFriends > 0 && (
              <NumberInput
                label="Bring friends"
                description={`Up to ${maxGuestFriends}; they count as spots too.`}
                min={0}
                max={maxGuestFriends}
                allowDecimal={false}
                {...form.getInputProps('friends')}
              />
            )}
            <Button type="submit" loading={join.isPending}>
              {full ? 'Join the waitlist' : 'Join'}
            </Button>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** Join, leave, waitlist and claim (issue 5); cancelled and past events take no one. */
export function JoinPanel({ view, signedIn, signInPath }: JoinPanelProps) {
  const [friends, setFriends] = useState<number | string>(0);
  const join = useJoinEvent();
  const { event, myParty } = view;
  const party = Number(friends) + 1;
  const full = view.rsvpSlots < party;

  let body;
  if (event.cancelled) {
    body = (
      <Alert color="red" title="Cancelled">
        {eventCancelledMessage}
      </Alert>
    );
  } else if (view.occurrenceCancelled) {
    // One date of a series called off (issue 11): the others can still be picked above.
    body = (
      <Alert color="red" title="Cancelled">
        {occurrenceCancelledMessage} Pick another date to join.
      </Alert>
    );
  } else if (event.inPast) {
    body = <Text c="dimmed">{eventPastMessage}</Text>;
  } else if (myParty) {
    body = <MyParty view={view} party={myParty} />;
  } else if (!signedIn) {
    body = <GuestJoin view={view} full={full} signInPath={signInPath} />;
  } else {
    body = (
      <Stack gap="sm">
        {full && (
          <Text size="sm">{view.rsvpSlots > 0 ? 'Not enough spots for your group.' : 'This game is full.'}</Text>
        )}
        <Group align="flex-end">
          <NumberInput
            label="Bring friends"
            min={0}
            max={maxFriends}
            allowDecimal={false}
            clampBehavior="strict"
            value={friends}
            onChange={setFriends}
            w={130}
          />
          <Button
            loading={join.isPending}
            onClick={() =>
              join.mutate(
                {
                  eventId: event.id,
                  body: { occurrenceStartsAt: view.occurrence.startsAt, friends: Number(friends) || 0, guest: null },
                },
                {
                  onSuccess: ({ party: joined }) =>
                    notifications.show({
                      message: joined.status === 'joined' ? 'You’re in. See you there!' : 'You are on the waitlist.',
                    }),
                  onError: failed,
                },
              )
            }
          >
            {full ? 'Join waitlist' : 'Join'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your spot
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
