import { randomUUID } from 'node:crypto';
import { findOccurrenceAt, type Occurrence } from '@huddle/shared/event-occurrences';
import {
  alreadyJoinedMessage,
  eventCancelledMessage,
  eventPastMessage,
  guestFriendsMessage,
  offerExpiredMessage,
  offerWithdrawnMessage,
  type Party,
} from '@huddle/shared/events';
import { occurrenceCancelledMessage } from '@huddle/shared/event-organizer';
import { guestsCannotPayMessage, paidJoinNeedsCheckoutMessage } from '@huddle/shared/paid-games';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGuest, findUserRecord, findUserRecordByEmail } from '../accounts/accounts.service.ts';
import { announceEventChange } from './discover-cache.ts';
import { isOccurrenceCancelled } from './event-organizer.repository.ts';
import { notifyPlayerJoined } from './event-notices.service.ts';
import { occurrenceAt, scheduleOf } from './event-schedule.ts';
import { guestAlreadyOnMail, guestJoinedMail, guestJoinForAccountMail } from './events.mails.ts';
import {
  deletePartyRow,
  findParty,
  findPartyOf,
  findPartyWithPerson,
  inTransaction,
  insertParty,
  listOccurrenceParties,
  listPartiesWithPeople,
  lockEvent,
  nextWaitlistPositionOf,
  setWaitlistOrder,
  updatePartyRow,
  type EventRow,
  type PartyRow,
} from './events.repository.ts';
import { eventNotFound, managedEvent, toParty, visibleEvent } from './events.service.ts';
import {
  heldSlots,
  isPaidGame,
  paidGameLeftJob,
  occurrenceLink,
  runWaitlist,
  settleWaitlist,
  sendWaitlistMail,
  type EventDeps,
  type WaitlistNotice,
} from './waitlist.service.ts';

const partyNotFound = () => new AppError('NOT_FOUND', 'This person is no longer on the event.');

/** The occurrence a request names: it must be one of the series. */
export function occurrenceOf(event: EventRow, startsAt: string, field: string) {
  const occurrence = findOccurrenceAt(scheduleOf(event), new Date(startsAt));
  if (!occurrence)
    throw new AppError('VALIDATION_FAILED', undefined, { [field]: ['This event does not happen then.'] });
  return occurrence;
}

async function partyReply(db: Database, partyId: string): Promise<{ party: Party }> {
  const row = await findPartyWithPerson(db, partyId);
  if (!row) throw partyNotFound();
  return { party: toParty(row) };
}

/** Where a party goes: a spot, or the end of the waitlist. */
interface Place {
  status: 'joined' | 'waitlisted';
  position: number;
}

export type JoinOutcome =
  | { kind: 'gone' }
  | { kind: 'cancelled' }
  | { kind: 'dateCancelled' }
  | { kind: 'already'; place: Place; notices: WaitlistNotice[] }
  | { kind: 'placed'; party: PartyRow | null; place: Place; notices: WaitlistNotice[] };

/**
 * Joins an occurrence, or its waitlist when the party does not fit (issue 5). The whole decision
 * is one transaction holding the event lock, so however many people join at once, never more
 * are joined than there are spots, and waitlist positions never repeat. With `who` null the
 * place is decided and nothing is written (a guest join that gave an account's email).
 */
export async function joinUnderLock(
  db: Database,
  {
    eventId,
    occurrence,
    who,
    partySize,
    now,
  }: {
    eventId: string;
    occurrence: Occurrence;
    who: { userId: string; guestId: null } | { userId: null; guestId: string } | null;
    partySize: number;
    now: Date;
  },
): Promise<JoinOutcome> {
  return inTransaction(db, async (tx): Promise<JoinOutcome> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    if (locked.cancelledAt) return { kind: 'cancelled' };
    if (await isOccurrenceCancelled(tx, eventId, occurrence.startsAt)) return { kind: 'dateCancelled' };
    // The parties as the waitlist pass left them: read once, under the lock, for all that follows.
    const settled = await settleWaitlist(tx, locked, occurrence, now, { knownNotCancelled: true });
    const { notices } = settled;
    const parties = settled.parties ?? (await listOccurrenceParties(tx, eventId, occurrence.startsAt));
    const free = locked.slots - heldSlots(parties);
    // The waitlist pass above left no waiting party that fits the free spots, so a party that
    // fits takes them without passing anyone; otherwise it queues at the end.
    // The parties are the occurrence's whole list under the lock, so the next waitlist place is
    // read from them rather than asked again.
    const place: Place =
      partySize <= free
        ? { status: 'joined', position: 0 }
        : { status: 'waitlisted', position: nextWaitlistPositionOf(parties) };
    if (!who) return { kind: 'placed', party: null, place, notices };
    const already = parties.some((party) => (who.userId ? party.userId === who.userId : party.guestId === who.guestId));
    if (already) return { kind: 'already', place, notices };
    const party = await insertParty(tx, {
      eventId,
      occurrenceStartsAt: occurrence.startsAt,
      ...who,
      partySize,
      ...place,
    });
    return { kind: 'placed', party, place, notices };
  });
}

/** Join an occurrence, or its waitlist when the party does not fit; guests see joinAsGuest. */
export async function joinEvent(
  deps: EventDeps,
  {
    viewerId,
    eventId,
    occurrenceStartsAt,
    friends,
    guest,
  }: {
    viewerId: string | undefined;
    eventId: string;
    occurrenceStartsAt: string;
    friends: number;
    guest: { name: string; email: string } | null;
  },
): Promise<{ party: Party }> {
  const { db } = deps;
  const now = deps.clock.now();
  if (!viewerId && !guest) {
    throw new AppError('UNAUTHENTICATED', 'Sign in, or give your name and email to join as a guest.');
  }
  const { event } = await visibleEvent(db, eventId, viewerId);
  if (event.cancelledAt) throw new AppError('CONFLICT', eventCancelledMessage);
  const occurrence = occurrenceOf(event, occurrenceStartsAt, 'occurrenceStartsAt');
  if (occurrence.endsAt <= now) throw new AppError('CONFLICT', eventPastMessage);
  // A paid game's spot is held and paid through Checkout (paid-games feature, decision 033).
  if (isPaidGame(event))
    throw new AppError('CONFLICT', viewerId ? paidJoinNeedsCheckoutMessage : guestsCannotPayMessage);
  // A signed-in player joins as themself, whatever the body says about a guest.
  if (!viewerId) return joinAsGuest(deps, { event, occurrence, friends, guest: guest as GuestDetails, now });

  const outcome = await joinUnderLock(db, {
    eventId,
    occurrence,
    who: { userId: viewerId, guestId: null },
    partySize: friends + 1,
    now,
  });
  announceEventChange(deps.realtime, eventId);
  if (outcome.kind === 'gone') throw eventNotFound();
  if (outcome.kind === 'cancelled') throw new AppError('CONFLICT', eventCancelledMessage);
  if (outcome.kind === 'dateCancelled') throw new AppError('CONFLICT', occurrenceCancelledMessage);
  await sendWaitlistMail(deps, outcome.notices);
  if (outcome.kind === 'already' || !outcome.party) throw new AppError('CONFLICT', alreadyJoinedMessage);
  // The player's name and photo, read once: for the organizer's notification and for the reply,
  // which is the party as this join placed it (decision 072).
  const player = await findUserRecord(db, viewerId);
  await notifyPlayerJoined(deps, {
    event,
    occurrenceStartsAt: occurrence.startsAt,
    playerId: viewerId,
    playerName: player?.name ?? '',
    status: outcome.place.status,
    friends,
  });
  return {
    party: toParty({
      party: outcome.party,
      userName: player?.name ?? null,
      userImage: player?.image ?? null,
      guestName: null,
    }),
  };
}

interface GuestDetails {
  name: string;
  email: string;
}

/**
 * A guest joins with a name and an email (spec §1 unregistered users), and the answer must not
 * tell whether that email has an account, nor whether it is already on the game (issue 10,
 * decision 010): the reply is built from the request and the place the party gets (or would
 * get), and what really happened goes by mail to the address. An account's email adds no guest
 * party (its holder joins signed in); the holder is mailed instead. Guests bring at most the
 * friends the organizer allows, so one anonymous request cannot take a whole game.
 */
async function joinAsGuest(
  deps: EventDeps,
  {
    event,
    occurrence,
    friends,
    guest,
    now,
  }: { event: EventRow; occurrence: Occurrence; friends: number; guest: GuestDetails; now: Date },
): Promise<{ party: Party }> {
  if (friends > event.maxGuestFriends) {
    throw new AppError('VALIDATION_FAILED', undefined, { friends: [guestFriendsMessage(event.maxGuestFriends)] });
  }
  const account = await findUserRecordByEmail(deps.db, guest.email);
  const guestRow = account ? undefined : await createGuest(deps.db, guest);
  const partySize = friends + 1;
  const outcome = await joinUnderLock(deps.db, {
    eventId: event.id,
    occurrence,
    who: guestRow ? { userId: null, guestId: guestRow.id } : null,
    partySize,
    now,
  });
  announceEventChange(deps.realtime, event.id);
  if (outcome.kind === 'gone') throw eventNotFound();
  if (outcome.kind === 'cancelled') throw new AppError('CONFLICT', eventCancelledMessage);
  if (outcome.kind === 'dateCancelled') throw new AppError('CONFLICT', occurrenceCancelledMessage);
  await sendWaitlistMail(deps, outcome.notices);

  const details = {
    title: event.title,
    timeZone: event.timeZone,
    startsAt: occurrence.startsAt,
    link: occurrenceLink(deps.publicOrigin, event.id, occurrence.startsAt),
  };
  const mail = account
    ? guestJoinForAccountMail({ ...details, name: account.name })
    : outcome.kind === 'already'
      ? guestAlreadyOnMail({ ...details, name: guestRow?.name ?? guest.name })
      : guestJoinedMail({ ...details, name: guest.name, joined: outcome.place.status === 'joined' });
  try {
    await deps.mailer.send({ to: account?.email ?? guest.email, ...mail });
  } catch (error) {
    deps.log.error({ err: error, eventId: event.id }, 'guest join mail failed');
  }

  const party = outcome.kind === 'placed' ? outcome.party : null;
  if (party) {
    await notifyPlayerJoined(deps, {
      event,
      occurrenceStartsAt: occurrence.startsAt,
      playerId: null,
      guestName: guest.name,
      status: outcome.place.status,
      friends,
    });
  }
  return {
    party: {
      id: party?.id ?? randomUUID(),
      userId: null,
      isUnregisteredUser: true,
      displayName: guest.name.trim() || displayNameFallback,
      photoURL: defaultPhotoPath,
      partySize,
      status: outcome.place.status,
      position: outcome.place.position,
      offerExpiresAt: null,
      checkedIn: false,
    },
  };
}

/** Removes one party in a transaction and hands its spots to the waitlist. */
async function removeAndRefill(
  deps: EventDeps,
  eventId: string,
  pick: (tx: Database) => Promise<PartyRow | undefined>,
): Promise<boolean> {
  const now = deps.clock.now();
  const outcome = await inTransaction(deps.db, async (tx) => {
    const locked = await lockEvent(tx, eventId);
    const party = locked && (await pick(tx));
    if (!locked || !party) return { removed: false, notices: [] };
    await deletePartyRow(tx, party.id);
    return {
      removed: true,
      notices: await runWaitlist(tx, locked, occurrenceAt(locked, party.occurrenceStartsAt), now),
    };
  });
  if (outcome.removed) announceEventChange(deps.realtime, eventId);
  await sendWaitlistMail(deps, outcome.notices);
  return outcome.removed;
}

/** Leave an occurrence or its waitlist, or decline an offer. */
export async function leaveEvent(
  deps: EventDeps,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence: string },
) {
  const { event } = await visibleEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrence, 'occurrence');
  const left = await removeAndRefill(deps, eventId, (tx) =>
    findPartyOf(tx, eventId, startsAt, { userId: actorId, guestId: null }),
  );
  if (!left) throw new AppError('NOT_FOUND', 'You are not on this event.');
  // What was paid for this date is refunded by the event's policy (decision 035), after the spot
  // is free. The policy goes with the job: the rule the player read when they left is the one applied.
  if (isPaidGame(event)) {
    await deps.jobs.send(paidGameLeftJob, {
      eventId,
      occurrenceStartsAt: startsAt.toISOString(),
      userId: actorId,
      leftAt: deps.clock.now().toISOString(),
      policy: { deadlineHours: event.refundDeadlineHours, afterDeadline: event.refundAfterDeadline },
    });
  }
}

/** Organizers take a joiner or a waiting party off. */
export async function removeParty(
  deps: EventDeps,
  { actorId, eventId, partyId }: { actorId: string; eventId: string; partyId: string },
) {
  await managedEvent(deps.db, eventId, actorId);
  if (!(await removeAndRefill(deps, eventId, (tx) => findParty(tx, eventId, partyId)))) throw partyNotFound();
}

type ClaimOutcome =
  | { kind: 'gone' | 'forbidden' | 'cancelled' | 'dateCancelled' | 'alreadyJoined' }
  | { kind: 'expired' | 'withdrawn' | 'joined'; notices: WaitlistNotice[] };

/**
 * The offered party's player takes the spot before the claim window closes. The free spots are
 * counted again under the lock: an offer made before the organizer lowered the spots may no
 * longer fit (issue 10), and then it is withdrawn rather than claimed.
 */
export async function claimOffer(
  deps: EventDeps,
  { actorId, eventId, partyId }: { actorId: string; eventId: string; partyId: string },
): Promise<{ party: Party }> {
  const now = deps.clock.now();
  const { event } = await visibleEvent(deps.db, eventId, actorId);
  if (isPaidGame(event)) throw new AppError('CONFLICT', paidJoinNeedsCheckoutMessage);
  const outcome = await inTransaction(deps.db, async (tx): Promise<ClaimOutcome> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    const party = await findParty(tx, eventId, partyId);
    // An offer that lapsed was withdrawn (its party removed): the link in the mail now says so.
    if (!party) return { kind: 'expired', notices: [] };
    if (party.userId !== actorId) return { kind: 'forbidden' };
    if (party.status === 'joined') return { kind: 'alreadyJoined' };
    if (party.status !== 'offered' || !party.offerExpiresAt) return { kind: 'withdrawn', notices: [] };
    if (locked.cancelledAt) return { kind: 'cancelled' };
    if (await isOccurrenceCancelled(tx, eventId, party.occurrenceStartsAt)) return { kind: 'dateCancelled' };
    const occurrence = occurrenceAt(locked, party.occurrenceStartsAt);
    // Settles the occurrence first: a lapsed offer goes (this one too, when too late), and offers
    // beyond the spots are withdrawn; the spots move on.
    const notices = await runWaitlist(tx, locked, occurrence, now);
    if (party.offerExpiresAt <= now) return { kind: 'expired', notices };
    const parties = await listOccurrenceParties(tx, eventId, party.occurrenceStartsAt);
    const mine = parties.find((row) => row.id === party.id);
    const heldByOthers = heldSlots(parties.filter((row) => row.id !== party.id));
    if (mine?.status !== 'offered' || heldByOthers + mine.partySize > locked.slots) {
      return { kind: 'withdrawn', notices };
    }
    await updatePartyRow(tx, party.id, { status: 'joined', offerExpiresAt: null });
    return { kind: 'joined', notices };
  });
  announceEventChange(deps.realtime, eventId);
  switch (outcome.kind) {
    case 'gone':
      throw eventNotFound();
    case 'forbidden':
      throw new AppError('FORBIDDEN', 'This spot was offered to someone else.');
    case 'cancelled':
      throw new AppError('CONFLICT', eventCancelledMessage);
    case 'dateCancelled':
      throw new AppError('CONFLICT', occurrenceCancelledMessage);
    case 'expired':
      await sendWaitlistMail(deps, outcome.notices);
      throw new AppError('CONFLICT', offerExpiredMessage);
    case 'withdrawn':
      await sendWaitlistMail(deps, outcome.notices);
      throw new AppError('CONFLICT', offerWithdrawnMessage);
    case 'alreadyJoined':
      return partyReply(deps.db, partyId);
    case 'joined':
      await sendWaitlistMail(deps, outcome.notices);
      return partyReply(deps.db, partyId);
  }
}

/** Organizers check people in on the day (or undo it); only people with a spot. */
export async function checkInParty(
  deps: EventDeps,
  { actorId, eventId, partyId, checkedIn }: { actorId: string; eventId: string; partyId: string; checkedIn: boolean },
) {
  await managedEvent(deps.db, eventId, actorId);
  const party = await findParty(deps.db, eventId, partyId);
  if (!party) throw partyNotFound();
  if (party.status !== 'joined') throw new AppError('CONFLICT', 'Only people with a spot can be checked in.');
  await updatePartyRow(deps.db, partyId, { checkedInAt: checkedIn ? deps.clock.now() : null });
  return partyReply(deps.db, partyId);
}

/** Organizers put the waiting parties in a new order; the body must name each exactly once. */
export async function reorderWaitlist(
  deps: EventDeps,
  {
    actorId,
    eventId,
    occurrenceStartsAt,
    partyIds,
  }: { actorId: string; eventId: string; occurrenceStartsAt: string; partyIds: string[] },
) {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrenceStartsAt, 'occurrenceStartsAt');
  const reordered = await inTransaction(deps.db, async (tx) => {
    if (!(await lockEvent(tx, eventId))) return false;
    const waiting = new Set(
      (await listOccurrenceParties(tx, eventId, startsAt))
        .filter((party) => party.status === 'waitlisted')
        .map((party) => party.id),
    );
    const named = new Set(partyIds);
    if (named.size !== partyIds.length || named.size !== waiting.size || partyIds.some((id) => !waiting.has(id))) {
      return false;
    }
    await setWaitlistOrder(tx, partyIds);
    return true;
  });
  if (!reordered) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      partyIds: ['List every waiting party of this occurrence, each once.'],
    });
  }
  const rows = await listPartiesWithPeople(deps.db, eventId, startsAt);
  const byStatus = (status: string) => rows.filter((row) => row.party.status === status).map(toParty);
  return { waitlist: [...byStatus('offered'), ...byStatus('waitlisted')] };
}
