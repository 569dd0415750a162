import { findOccurrenceAt } from '@huddle/shared/event-occurrences';
import {
  alreadyJoinedMessage,
  eventCancelledMessage,
  eventPastMessage,
  offerExpiredMessage,
  type Party,
} from '@huddle/shared/events';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGuest } from '../accounts/accounts.service.ts';
import { occurrenceAt, scheduleOf } from './event-schedule.ts';
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
  nextWaitlistPosition,
  setWaitlistOrder,
  updatePartyRow,
  type EventRow,
  type PartyRow,
} from './events.repository.ts';
import { eventNotFound, managedEvent, toParty, visibleEvent } from './events.service.ts';
import { heldSlots, runWaitlist, sendWaitlistMail, type EventDeps, type WaitlistNotice } from './waitlist.service.ts';

const partyNotFound = () => new AppError('NOT_FOUND', 'This person is no longer on the event.');

/** The occurrence a request names: it must be one of the series. */
function occurrenceOf(event: EventRow, startsAt: string, field: string) {
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

type JoinOutcome =
  | { kind: 'gone' }
  | { kind: 'cancelled' }
  | { kind: 'already'; notices: WaitlistNotice[] }
  | { kind: 'joined'; party: PartyRow; notices: WaitlistNotice[] };

/**
 * Join an occurrence, or its waitlist when the party does not fit (issue 5). The whole decision
 * is one transaction holding the event lock, so however many people join at once, never more
 * are joined than there are spots, and waitlist positions never repeat.
 */
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
  // A signed-in player joins as themself; a guest is kept by email (spec §1 unregistered users).
  const who = viewerId
    ? { userId: viewerId, guestId: null }
    : { userId: null, guestId: (await createGuest(db, guest as { name: string; email: string })).id };

  const outcome = await inTransaction(db, async (tx): Promise<JoinOutcome> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    if (locked.cancelledAt) return { kind: 'cancelled' };
    const notices = await runWaitlist(tx, locked, occurrence, now);
    if (await findPartyOf(tx, eventId, occurrence.startsAt, who)) return { kind: 'already', notices };
    const free = locked.slots - heldSlots(await listOccurrenceParties(tx, eventId, occurrence.startsAt));
    const partySize = friends + 1;
    // The waitlist pass above left no waiting party that fits the free spots, so a party that
    // fits takes them without passing anyone; otherwise it queues at the end.
    const fits = partySize <= free;
    const party = await insertParty(tx, {
      eventId,
      occurrenceStartsAt: occurrence.startsAt,
      ...who,
      partySize,
      status: fits ? 'joined' : 'waitlisted',
      position: fits ? 0 : await nextWaitlistPosition(tx, eventId, occurrence.startsAt),
    });
    return { kind: 'joined', party, notices };
  });
  if (outcome.kind === 'gone') throw eventNotFound();
  if (outcome.kind === 'cancelled') throw new AppError('CONFLICT', eventCancelledMessage);
  await sendWaitlistMail(deps, outcome.notices);
  if (outcome.kind === 'already') throw new AppError('CONFLICT', alreadyJoinedMessage);
  return partyReply(db, outcome.party.id);
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
  | { kind: 'gone' | 'forbidden' | 'notOffered' | 'cancelled' | 'joined' }
  | { kind: 'expired'; notices: WaitlistNotice[] };

/** The offered party's player takes the spot before the claim window closes. */
export async function claimOffer(
  deps: EventDeps,
  { actorId, eventId, partyId }: { actorId: string; eventId: string; partyId: string },
): Promise<{ party: Party }> {
  const now = deps.clock.now();
  await visibleEvent(deps.db, eventId, actorId);
  const outcome = await inTransaction(deps.db, async (tx): Promise<ClaimOutcome> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    const party = await findParty(tx, eventId, partyId);
    // An offer that lapsed was withdrawn (its party removed): the link in the mail now says so.
    if (!party) return { kind: 'expired', notices: [] };
    if (party.userId !== actorId) return { kind: 'forbidden' };
    if (party.status === 'joined') return { kind: 'joined' };
    if (party.status !== 'offered' || !party.offerExpiresAt) return { kind: 'notOffered' };
    if (party.offerExpiresAt <= now) {
      // Too late: the offer goes, and the spot moves on to the next waiting party.
      return {
        kind: 'expired',
        notices: await runWaitlist(tx, locked, occurrenceAt(locked, party.occurrenceStartsAt), now),
      };
    }
    if (locked.cancelledAt) return { kind: 'cancelled' };
    await updatePartyRow(tx, party.id, { status: 'joined', offerExpiresAt: null });
    return { kind: 'joined' };
  });
  switch (outcome.kind) {
    case 'gone':
      throw eventNotFound();
    case 'forbidden':
      throw new AppError('FORBIDDEN', 'This spot was offered to someone else.');
    case 'notOffered':
      throw new AppError('CONFLICT', 'No spot has been offered to you yet.');
    case 'cancelled':
      throw new AppError('CONFLICT', eventCancelledMessage);
    case 'expired':
      await sendWaitlistMail(deps, outcome.notices);
      throw new AppError('CONFLICT', offerExpiredMessage);
    case 'joined':
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
