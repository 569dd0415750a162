import { occurrenceCancelledMessage } from '@huddle/shared/event-organizer';
import { eventCancelledMessage, eventPastMessage, maxFriends, type EventView, type Party } from '@huddle/shared/events';
import { guestsCannotPayMessage, paidWithCreditMessage } from '@huddle/shared/paid-games';
import { payLabel } from '../pay-label.ts';
import { leaveRefundNote, leavesInTime, refundPolicyText } from '@huddle/shared/refund-policy';
import { Alert, Anchor, Box, Button, Card, Group, TextInput, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClaimOffer } from '../api/claim-offer.ts';
import { eventKeys } from '../api/event-query-keys.ts';
import { useJoinEvent } from '../api/join-event.ts';
import { usePaidCheckout } from '../api/paid-checkout.ts';
import { formatOccurrence, formatPrice, formatTimeLeft } from '../event-format.ts';
import { clampedFriends } from '../friends-count.ts';
import classes from './event-details.module.css';

interface JoinPanelProps {
  view: EventView;
  signedIn: boolean;
  /** Where "sign in" sends the visitor, coming back here afterwards. */
  signInPath: string;
}

/**
 * The panel's buttons: in place, or on phones in a bar fixed to the bottom of the screen, so
 * Join, Leave and Claim stay in reach however far the page scrolls. Moved, never copied: one
 * control per action for keyboards and screen readers. Placed by CSS (event-details.module.css),
 * so the server renders the same tree for any screen (decision 075).
 */
function ActionBar({ children }: { children: ReactNode }) {
  return (
    <>
      <Box className={classes.actionBarRoom} aria-hidden />
      <Box role="region" aria-label="Your spot" data-testid="sticky-action-bar" className={classes.actionBar}>
        {children}
      </Box>
    </>
  );
}

const loadLeaveDialog = () => import('./leave-dialog.tsx');
const LeaveDialog = lazy(() => loadLeaveDialog().then((module) => ({ default: module.LeaveDialog })));
/** Fetches the leave dialog's code as the pointer or focus reaches its button, so it is usually there by the press. */
const preloadLeaveDialog = { onPointerEnter: () => void loadLeaveDialog(), onFocus: () => void loadLeaveDialog() };

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** What leaving means for the spot, said before it happens (issue 11). */
function leaveWording(view: EventView, party: Party) {
  const date = formatOccurrence(view.occurrence.startsAt, view.event.timeZone);
  const othersWaiting = view.waitlist.some((entry) => entry.id !== party.id);
  const spots = party.partySize > 1 ? `Your ${party.partySize} spots go` : 'Your spot goes';
  if (party.status === 'waitlisted') {
    return {
      title: 'Leave the waitlist?',
      body: `You lose your place in line for ${date}. If you join again, you go to the back of the line.`,
      confirm: 'Leave the waitlist',
      keep: 'Stay on the waitlist',
    };
  }
  if (party.status === 'offered') {
    return {
      title: 'Decline the spot?',
      body: othersWaiting
        ? `The spot for ${date} goes to the next person on the waitlist.`
        : `The spot for ${date} opens up for anyone to join.`,
      confirm: 'Decline',
      keep: 'Keep the offer',
    };
  }
  if (party.status === 'held') {
    return {
      title: 'Cancel your payment?',
      body: `The spot held for you on ${date} is released, and nothing is charged.`,
      confirm: 'Release the spot',
      keep: 'Keep it',
    };
  }
  const spotGoes = othersWaiting
    ? `${spots} to the next person on the waitlist. You are off the list for ${date}.`
    : `${spots} back to the game for anyone to join. You are off the list for ${date}.`;
  // Decision 035: said before the player confirms, by the event's policy, whether leaving now is refunded.
  const policy = view.event.refundPolicy;
  const refund = isPaid(view)
    ? ` ${leaveRefundNote(policy, leavesInTime(policy, Date.parse(view.occurrence.startsAt), Date.now()))}`
    : '';
  return { title: 'Leave this game?', body: `${spotGoes}${refund}`, confirm: 'Leave', keep: 'Stay in' };
}

/** A priced game is joined through Checkout (decision 033). */
const isPaid = (view: EventView) => (view.event.priceCents ?? 0) > 0;
/** What a party pays: the price per player times its size. */
const partyPrice = (view: EventView, size: number) => formatPrice((view.event.priceCents ?? 0) * size);

/** Sends the browser to Checkout, or says the game was full and the party waits in line. */
function useGoToCheckout() {
  const checkout = usePaidCheckout();
  const go = (input: Parameters<typeof checkout.mutate>[0]) =>
    checkout.mutate(input, {
      onSuccess: (reply) => {
        if (reply.outcome === 'checkout') window.location.assign(reply.url);
        else if (reply.outcome === 'paid') notifications.show({ message: paidWithCreditMessage });
        else
          notifications.show({
            message: 'The game is full: you are on the waitlist. If a spot opens, you pay when you claim it.',
          });
      },
      onError: failed,
    });
  return { go, pending: checkout.isPending || checkout.data?.outcome === 'checkout' };
}

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
  const claim = useClaimOffer();
  const checkout = useGoToCheckout();
  const paid = isPaid(view);
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  // The dialog stays mounted from the first press on, so closing keeps its transition.
  const [requested, setRequested] = useState(false);
  const eventId = view.event.id;
  const wording = leaveWording(view, party);
  const queryClient = useQueryClient();
  const leaveIt = () => {
    setRequested(true);
    setConfirming(true);
    // The page may be minutes old: read the waitlist again, so the warning says whether someone
    // is waiting now (the wording follows when the answer arrives).
    void queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) });
  };
  const confirmLeave = requested && (
    <Suspense fallback={null}>
      <LeaveDialog
        eventId={eventId}
        occurrence={view.occurrence.startsAt}
        wording={wording}
        opened={confirming}
        onClose={() => setConfirming(false)}
      />
    </Suspense>
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
        <ActionBar>
          <Group>
            <Button
              loading={claim.isPending || checkout.pending}
              onClick={() =>
                paid
                  ? checkout.go({ eventId, partyId: party.id })
                  : claim.mutate(
                      { eventId, partyId: party.id },
                      {
                        onSuccess: () => notifications.show({ message: 'The spot is yours. See you there!' }),
                        onError: failed,
                      },
                    )
              }
            >
              {paid ? `Claim and pay ${partyPrice(view, party.partySize)}` : 'Claim spot'}
            </Button>
            <Button variant="default" onClick={leaveIt} {...preloadLeaveDialog}>
              Decline
            </Button>
          </Group>
        </ActionBar>
        {confirmLeave}
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
        <ActionBar>
          <Button variant="default" onClick={leaveIt} {...preloadLeaveDialog} style={{ alignSelf: 'flex-start' }}>
            Leave the waitlist
          </Button>
        </ActionBar>
        {confirmLeave}
      </Stack>
    );
  }
  if (party.status === 'held') {
    return (
      <Stack gap="sm">
        <Alert color="yellow">
          <Text fw={700}>Your spot is held while you pay</Text>
          <Text size="sm">
            Finish paying {partyPrice(view, party.partySize)} to confirm it. Unpaid, it is released when the payment
            page expires.
          </Text>
        </Alert>
        <ActionBar>
          <Group>
            <Button
              loading={checkout.pending}
              onClick={() =>
                checkout.go({
                  eventId,
                  body: { occurrenceStartsAt: view.occurrence.startsAt, friends: party.partySize - 1 },
                })
              }
            >
              Continue to payment
            </Button>
            <Button variant="default" onClick={leaveIt} {...preloadLeaveDialog}>
              Cancel payment
            </Button>
          </Group>
        </ActionBar>
        {confirmLeave}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text fw={600}>
        You’re in{friendsLabel(party)}.{paid ? ' Paid.' : ''}
      </Text>
      <ActionBar>
        <Button variant="default" onClick={leaveIt} {...preloadLeaveDialog} style={{ alignSelf: 'flex-start' }}>
          Leave
        </Button>
      </ActionBar>
      {confirmLeave}
    </Stack>
  );
}

const loadGuestJoinDialog = () => import('./guest-join-dialog.tsx');
const GuestJoinDialog = lazy(() => loadGuestJoinDialog().then((module) => ({ default: module.GuestJoinDialog })));

/**
 * Signed-out visitors join with a name and an email (spec §1 unregistered users). The dialog, with
 * its form library and the join schema (zod), loads on the first press (decision 082): the page is
 * interactive without them. Fetched as the pointer or focus arrives, so it is usually there by the press.
 */
function GuestJoin({ view, full, signInPath }: { view: EventView; full: boolean; signInPath: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing keeps its transition.
  const [requested, setRequested] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);

  if (sent) {
    return (
      <Text fw={600}>
        Thanks, {sent.name}. We’ve sent the details to {sent.email}.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <ActionBar>
        <Button
          onClick={() => {
            setRequested(true);
            setOpen(true);
          }}
          onPointerEnter={() => void loadGuestJoinDialog()}
          onFocus={() => void loadGuestJoinDialog()}
          style={{ alignSelf: 'flex-start' }}
        >
          {full ? 'Join the waitlist as a guest' : 'Join as a guest'}
        </Button>
      </ActionBar>
      <Text size="sm">
        Have an account?{' '}
        <Anchor component={Link} to={signInPath}>
          Sign in to join
        </Anchor>
      </Text>
      {requested && (
        <Suspense fallback={null}>
          <GuestJoinDialog
            view={view}
            full={full}
            opened={open}
            onClose={() => setOpen(false)}
            onSent={(guest) => {
              setOpen(false);
              setSent(guest);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** Join, leave, waitlist and claim (issue 5); cancelled and past events take no one. */
export function JoinPanel({ view, signedIn, signInPath }: JoinPanelProps) {
  const [friends, setFriends] = useState('0');
  const join = useJoinEvent();
  const checkout = useGoToCheckout();
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
  } else if (!signedIn && isPaid(view)) {
    body = (
      <Text size="sm">
        {guestsCannotPayMessage}{' '}
        <Anchor component={Link} to={signInPath}>
          Sign in to join
        </Anchor>
      </Text>
    );
  } else if (!signedIn) {
    body = <GuestJoin view={view} full={full} signInPath={signInPath} />;
  } else {
    body = (
      <Stack gap="sm">
        {full && (
          <Text size="sm">{view.rsvpSlots > 0 ? 'Not enough spots for your group.' : 'This game is full.'}</Text>
        )}
        <ActionBar>
          <Group align="flex-end" wrap="nowrap">
            {/* A number field, not Mantine's NumberInput: that one brings react-number-format into
                what the event page loads before it is interactive (decision 082). */}
            <TextInput
              label="Bring friends"
              type="number"
              inputMode="numeric"
              min={0}
              max={maxFriends}
              step={1}
              value={friends}
              onChange={(change) => setFriends(clampedFriends(change.currentTarget.value))}
              w={130}
            />
            <Button
              loading={join.isPending || checkout.pending}
              onClick={() =>
                isPaid(view)
                  ? checkout.go({
                      eventId: event.id,
                      body: { occurrenceStartsAt: view.occurrence.startsAt, friends: Number(friends) || 0 },
                    })
                  : join.mutate(
                      {
                        eventId: event.id,
                        body: {
                          occurrenceStartsAt: view.occurrence.startsAt,
                          friends: Number(friends) || 0,
                          guest: null,
                        },
                      },
                      {
                        onSuccess: ({ party: joined }) =>
                          notifications.show({
                            message:
                              joined.status === 'joined' ? 'You’re in. See you there!' : 'You are on the waitlist.',
                          }),
                        onError: failed,
                      },
                    )
              }
            >
              {full ? 'Join waitlist' : isPaid(view) ? payLabel(view, party) : 'Join'}
            </Button>
          </Group>
        </ActionBar>
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
        {/* Decision 035: players read the organizer's refund policy before they pay. */}
        {isPaid(view) && !event.cancelled && !event.inPast && (
          <Text size="sm" c="dimmed">
            Refunds: {refundPolicyText(event.refundPolicy)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
