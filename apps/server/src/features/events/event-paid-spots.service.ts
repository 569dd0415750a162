import type { Party } from '@huddle/shared/events';
import type { Database } from '../../db/client.ts';
import { announceEventChange } from './discover-cache.ts';
import { isOccurrenceCancelled } from './event-organizer.repository.ts';
import { occurrenceOf } from './event-parties.service.ts';
import { occurrenceAt } from './event-schedule.ts';
import {
  deletePartyRow,
  findParty,
  findPartyOf,
  findPartyWithPerson,
  inTransaction,
  insertParty,
  listOccurrenceParties,
  lockEvent,
  nextWaitlistPosition,
  updatePartyRow,
  type EventRow,
  type PartyRow,
} from './events.repository.ts';
import { toParty } from './events.service.ts';
import { heldSlots, runWaitlist, sendWaitlistMail, type EventDeps, type WaitlistNotice } from './waitlist.service.ts';

/**
 * The spots of paid games (issue 13, decision 033), for the paid-games feature: a party that fits
 * is HELD while its Checkout is open (it counts against the spots like a joined one), becomes
 * joined when the payment is confirmed, and goes when the Checkout ends unpaid. Every decision is
 * made under the event lock, as joins and claims are (event-parties.service.ts); the caller's
 * `record` writes its payment in the same transaction.
 */

export { occurrenceOf };
export type { EventRow, PartyRow };

export type RecordHold<T> = (tx: Database, held: { event: EventRow; party: PartyRow }) => Promise<T>;

export type HoldOutcome<T> =
  | { kind: 'gone' | 'cancelled' | 'dateCancelled' | 'already' }
  /** The player's spot is already held: the payment that holds it is still open. */
  | { kind: 'alreadyHeld'; partyId: string }
  | { kind: 'waitlisted'; party: Party }
  | { kind: 'held'; value: T }
  | { kind: 'forbidden' | 'expired' | 'withdrawn' };

/** Joins a paid occurrence: the spot held (and `record` run), or the waitlist when it is full. */
export async function holdPaidSpot<T>(
  deps: EventDeps,
  {
    eventId,
    occurrenceStartsAt,
    userId,
    partySize,
    holdUntil,
  }: { eventId: string; occurrenceStartsAt: Date; userId: string; partySize: number; holdUntil: Date },
  record: RecordHold<T>,
): Promise<HoldOutcome<T>> {
  const now = deps.clock.now();
  let notices: WaitlistNotice[] = [];
  const outcome = await inTransaction(deps.db, async (tx): Promise<HoldOutcome<T> | { kind: 'queued'; id: string }> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    if (locked.cancelledAt) return { kind: 'cancelled' };
    if (await isOccurrenceCancelled(tx, eventId, occurrenceStartsAt)) return { kind: 'dateCancelled' };
    notices = await runWaitlist(tx, locked, occurrenceAt(locked, occurrenceStartsAt), now);
    const mine = await findPartyOf(tx, eventId, occurrenceStartsAt, { userId, guestId: null });
    if (mine) return mine.status === 'held' ? { kind: 'alreadyHeld', partyId: mine.id } : { kind: 'already' };
    const free = locked.slots - heldSlots(await listOccurrenceParties(tx, eventId, occurrenceStartsAt));
    if (partySize > free) {
      // Full: the waitlist, for free; the payment is taken when an offer is claimed.
      const party = await insertParty(tx, {
        eventId,
        occurrenceStartsAt,
        userId,
        guestId: null,
        partySize,
        status: 'waitlisted',
        position: await nextWaitlistPosition(tx, eventId, occurrenceStartsAt),
      });
      return { kind: 'queued', id: party.id };
    }
    const party = await insertParty(tx, {
      eventId,
      occurrenceStartsAt,
      userId,
      guestId: null,
      partySize,
      status: 'held',
      position: 0,
      offerExpiresAt: holdUntil,
    });
    return { kind: 'held', value: await record(tx, { event: locked, party }) };
  });
  announceEventChange(deps.realtime, eventId);
  await sendWaitlistMail(deps, notices);
  if (outcome.kind !== 'queued') return outcome;
  const row = await findPartyWithPerson(deps.db, outcome.id);
  return row ? { kind: 'waitlisted', party: toParty(row) } : { kind: 'gone' };
}

/**
 * Claims a waitlist offer on a paid game: the same checks as a free claim (claimOffer), then the
 * offer becomes a held spot for the Checkout's lifetime.
 */
export async function holdOfferedSpot<T>(
  deps: EventDeps,
  { eventId, partyId, userId, holdUntil }: { eventId: string; partyId: string; userId: string; holdUntil: Date },
  record: RecordHold<T>,
): Promise<HoldOutcome<T>> {
  const now = deps.clock.now();
  let notices: WaitlistNotice[] = [];
  const outcome = await inTransaction(deps.db, async (tx): Promise<HoldOutcome<T>> => {
    const locked = await lockEvent(tx, eventId);
    if (!locked) return { kind: 'gone' };
    const party = await findParty(tx, eventId, partyId);
    if (!party) return { kind: 'expired' };
    if (party.userId !== userId) return { kind: 'forbidden' };
    if (party.status === 'joined') return { kind: 'already' };
    if (party.status === 'held') return { kind: 'alreadyHeld', partyId: party.id };
    if (party.status !== 'offered' || !party.offerExpiresAt) return { kind: 'withdrawn' };
    if (locked.cancelledAt) return { kind: 'cancelled' };
    if (await isOccurrenceCancelled(tx, eventId, party.occurrenceStartsAt)) return { kind: 'dateCancelled' };
    notices = await runWaitlist(tx, locked, occurrenceAt(locked, party.occurrenceStartsAt), now);
    if (party.offerExpiresAt <= now) return { kind: 'expired' };
    const parties = await listOccurrenceParties(tx, eventId, party.occurrenceStartsAt);
    const current = parties.find((row) => row.id === party.id);
    const heldByOthers = heldSlots(parties.filter((row) => row.id !== party.id));
    if (current?.status !== 'offered' || heldByOthers + current.partySize > locked.slots) return { kind: 'withdrawn' };
    await updatePartyRow(tx, party.id, { status: 'held', offerExpiresAt: holdUntil });
    return { kind: 'held', value: await record(tx, { event: locked, party: { ...current, status: 'held' } }) };
  });
  announceEventChange(deps.realtime, eventId);
  await sendWaitlistMail(deps, notices);
  return outcome;
}

export type HeldSpotConfirmation =
  | { kind: 'joined' }
  /** The held spot went while its payer paid (they left, or were removed). */
  | { kind: 'gone' }
  /** The joined people fill the spots: the party waits again, keeping its turn. */
  | { kind: 'noRoom'; notices: WaitlistNotice[] };

/**
 * The payment was confirmed (the webhook's transaction, under the event lock that edits of the
 * spots take): the held spot becomes a joined one, while it fits beside the joined people. An edit
 * cannot lower the spots below the held ones (decision 059), so it fits unless the spots were
 * lowered before that rule; then the party goes back to the waitlist in its old turn (a direct
 * join's position 0 is ahead of everyone waiting, as its spot was) and the caller refunds it.
 */
export async function confirmHeldSpot(
  tx: Database,
  { eventId, partyId, now }: { eventId: string; partyId: string; now: Date },
): Promise<HeldSpotConfirmation> {
  const locked = await lockEvent(tx, eventId);
  const party = await findParty(tx, eventId, partyId);
  if (!locked || party?.status !== 'held') return { kind: 'gone' };
  const parties = await listOccurrenceParties(tx, eventId, party.occurrenceStartsAt);
  const joined = heldSlots(parties.filter((row) => row.status === 'joined'));
  if (joined + party.partySize <= locked.slots) {
    await updatePartyRow(tx, party.id, { status: 'joined', offerExpiresAt: null });
    return { kind: 'joined' };
  }
  await updatePartyRow(tx, party.id, { status: 'waitlisted', offerExpiresAt: null });
  return {
    kind: 'noRoom',
    notices: await runWaitlist(tx, locked, occurrenceAt(locked, party.occurrenceStartsAt), now),
  };
}

/**
 * The Checkout ended unpaid: the held spot goes and passes to the waitlist. Runs in the caller's
 * transaction (the webhook's or the one that marks the payment), which must commit before the
 * returned notices are sent (sendHoldNotices).
 */
export async function releaseHeldSpot(
  deps: EventDeps,
  tx: Database,
  { eventId, partyId }: { eventId: string; partyId: string },
): Promise<WaitlistNotice[]> {
  const locked = await lockEvent(tx, eventId);
  const party = await findParty(tx, eventId, partyId);
  if (!locked || party?.status !== 'held') return [];
  await deletePartyRow(tx, party.id);
  return runWaitlist(tx, locked, occurrenceAt(locked, party.occurrenceStartsAt), deps.clock.now());
}

export const sendHoldNotices = sendWaitlistMail;
