import type { Occurrence } from '@huddle/shared/event-occurrences';
import { claimWindowMs } from '@huddle/shared/events';
import type { NotificationKind } from '@huddle/shared/notifications';
import type { Database } from '../../db/client.ts';
import { getGuest } from '../accounts/accounts.service.ts';
import { notify, type NotifyDeps } from '../notifications/notifications.service.ts';
import { announceEventChange } from './discover-cache.ts';
import { isOccurrenceCancelled } from './event-organizer.repository.ts';
import { occurrenceAt } from './event-schedule.ts';
import {
  offerWithdrawnMail,
  onWallClock,
  spotGivenMail,
  spotOfferedMail,
  spotsEndedMail,
  type SpotsEndedReason,
} from './events.mails.ts';
import {
  deleteExpiredOffers,
  deletePartyRows,
  inTransaction,
  listOccurrenceParties,
  listOccurrencesWithExpiredOffers,
  lockEvent,
  updatePartyRow,
  type EventRow,
  type PartyRow,
} from './events.repository.ts';

/** A game with a price is joined through Checkout (decision 033). */
export const isPaidGame = (event: Pick<EventRow, 'priceCents'>) => (event.priceCents ?? 0) > 0;

/**
 * Jobs the paid-games feature defines (decision 033): a player left a paid date (refund by the
 * rules), or the organizer cancelled dates (refund everyone). Sent after the events change commits.
 */
export const paidGameLeftJob = 'paid-games.player-left';
export const paidGameCancelledJob = 'paid-games.dates-cancelled';

/** What the events services need besides their arguments: notify's deps (issue 12). */
export type EventDeps = NotifyDeps;

/**
 * Someone the waitlist just gave a spot (promoted), offered one (offered), or whose offer it
 * took back because the spots were lowered (withdrawn); mailed after commit.
 */
export interface WaitlistNotice {
  kind: 'offered' | 'promoted' | 'withdrawn';
  userId: string | null;
  guestId: string | null;
  event: Pick<EventRow, 'id' | 'title' | 'timeZone'>;
  occurrenceStartsAt: Date;
  offerExpiresAt: Date | null;
}

const holds = (party: Pick<PartyRow, 'status'>) =>
  party.status === 'joined' || party.status === 'offered' || party.status === 'held';

/**
 * Spots a party holds: joined ones, offered ones until the offer lapses, and held ones while their
 * Checkout is open (a paid game, decision 033).
 */
export const heldSlots = (parties: Pick<PartyRow, 'status' | 'partySize'>[]): number =>
  parties.filter(holds).reduce((total, party) => total + party.partySize, 0);

/**
 * Settles the spots of one occurrence. Must run inside a transaction that holds the event lock
 * (lockEvent), so it sees every party and no one else changes them meanwhile.
 * 1. Lapsed offers go (those parties lost their turn).
 * 2. Offers must fit beside the joined people: when the spots were lowered after they went out
 *    (raised 10 to 30, 20 offers, lowered back to 10), offers are kept in line order while they
 *    fit and the rest are withdrawn: those parties wait again in their old places (issue 10).
 * 3. While spots are free, the first waiting party in position order that fits gets them: a
 *    party of 3 is passed over for one spot, and the party of 1 behind it takes it.
 */
export async function runWaitlist(
  tx: Database,
  event: EventRow,
  occurrence: Occurrence,
  now: Date,
): Promise<WaitlistNotice[]> {
  return (await settleWaitlist(tx, event, occurrence, now)).notices;
}

/**
 * runWaitlist, for a caller that goes on under the same lock: also the occurrence's parties as
 * they stand after it (in line order; null when it did not read them: the date is past or called
 * off), so the caller needs no second read. `knownNotCancelled`: the caller has just checked,
 * under the lock, that the date is not called off (one query fewer).
 */
/** An offer whose claim window has passed (deleteExpiredOffers' rule, read from a party in hand). */
const isLapsedOffer = (party: PartyRow, now: Date) =>
  party.status === 'offered' && party.offerExpiresAt !== null && party.offerExpiresAt <= now;

export async function settleWaitlist(
  tx: Database,
  event: EventRow,
  occurrence: Occurrence,
  now: Date,
  { knownNotCancelled = false }: { knownNotCancelled?: boolean } = {},
): Promise<{ notices: WaitlistNotice[]; parties: PartyRow[] | null }> {
  if (event.cancelledAt || occurrence.endsAt <= now) {
    await deleteExpiredOffers(tx, event.id, occurrence.startsAt, now);
    return { notices: [], parties: null };
  }
  // A date called off on its own gives nobody a spot (issue 11): its waitlist stays as it was.
  if (!knownNotCancelled && (await isOccurrenceCancelled(tx, event.id, occurrence.startsAt))) {
    await deleteExpiredOffers(tx, event.id, occurrence.startsAt, now);
    return { notices: [], parties: null };
  }
  // Offers whose claim window is over are withdrawn: seen in the parties read anyway, so the
  // usual pass (no lapsed offer) costs one query under the event lock, not two (issue 32).
  const read = await listOccurrenceParties(tx, event.id, occurrence.startsAt);
  const lapsed = read.filter((party) => isLapsedOffer(party, now));
  if (lapsed.length > 0)
    await deletePartyRows(
      tx,
      lapsed.map((party) => party.id),
    );
  const parties = lapsed.length > 0 ? read.filter((party) => !isLapsedOffer(party, now)) : read;
  /** What this pass changed, by party id: the list returned shows it. */
  const changed = new Map<string, Pick<PartyRow, 'status' | 'offerExpiresAt'>>();
  const update = async (party: PartyRow, change: Pick<PartyRow, 'status' | 'offerExpiresAt'>) => {
    await updatePartyRow(tx, party.id, change);
    changed.set(party.id, change);
  };
  const notice = (party: PartyRow, kind: WaitlistNotice['kind'], offerExpiresAt: Date | null): WaitlistNotice => ({
    kind,
    userId: party.userId,
    guestId: party.guestId,
    event: { id: event.id, title: event.title, timeZone: event.timeZone },
    occurrenceStartsAt: occurrence.startsAt,
    offerExpiresAt,
  });
  const notices: WaitlistNotice[] = [];

  let free = event.slots - heldSlots(parties.filter((party) => party.status === 'joined' || party.status === 'held'));
  const waiting = new Set(parties.filter((party) => party.status === 'waitlisted').map((party) => party.id));
  for (const party of parties) {
    if (party.status !== 'offered') continue;
    if (party.partySize <= free) {
      free -= party.partySize;
      continue;
    }
    await update(party, { status: 'waitlisted', offerExpiresAt: null });
    notices.push(notice(party, 'withdrawn', null));
    // Too big for what is left now, and what is left only shrinks below: not offered again here.
    waiting.add(party.id);
  }

  for (const party of parties) {
    if (free <= 0) break;
    if (!waiting.has(party.id) || party.partySize > free) continue;
    // A guest cannot sign in to claim an offer, so a guest's turn is a spot straight away; on a
    // paid game every turn is an offer, claimed through Checkout (decision 033).
    const direct = !isPaidGame(event) && (event.autoPromote || party.guestId !== null);
    const offerExpiresAt = direct
      ? null
      : new Date(now.getTime() + claimWindowMs(occurrence.startsAt.getTime() - now.getTime()));
    await update(party, { status: direct ? 'joined' : 'offered', offerExpiresAt });
    free -= party.partySize;
    notices.push(notice(party, direct ? 'promoted' : 'offered', offerExpiresAt));
  }
  return { notices, parties: parties.map((party) => ({ ...party, ...changed.get(party.id) })) };
}

/** The event page on one date, inside Huddle (notification links). */
export const occurrencePath = (eventId: string, startsAt: Date) =>
  `/discover/events/${eventId}?occurrence=${encodeURIComponent(startsAt.toISOString())}`;

/** The event page on one date, for mails. */
export const occurrenceLink = (publicOrigin: string, eventId: string, startsAt: Date) =>
  `${publicOrigin}${occurrencePath(eventId, startsAt)}`;

/** Guests have no settings to turn mail off and no page to read: the mail is how they learn about the spot. */
async function mailGuest(deps: EventDeps, guestId: string, mail: (name: string) => { subject: string; text: string }) {
  const guest = await getGuest(deps.db, guestId);
  await deps.mailer.send({ to: guest.email, ...mail(guest.name) });
}

const waitlistKinds = {
  offered: 'spotOffered',
  promoted: 'spotGiven',
  withdrawn: 'offerWithdrawn',
} satisfies Record<WaitlistNotice['kind'], NotificationKind>;

/** The in-app words of a waitlist move; the mail keeps its own longer text (events.mails.ts). */
function waitlistWords(notice: WaitlistNotice): { title: string; body: string } {
  const { title, timeZone } = notice.event;
  const when = onWallClock(notice.occurrenceStartsAt, timeZone);
  switch (notice.kind) {
    case 'offered':
      return {
        title: `A spot opened up: ${title}`,
        body: `A spot opened up in ${title} on ${when}. It is yours if you claim it by ${onWallClock(notice.offerExpiresAt ?? notice.occurrenceStartsAt, timeZone)}.`,
      };
    case 'promoted':
      return { title: `You're in: ${title}`, body: `A spot opened up in ${title} on ${when}, and it is yours.` };
    case 'withdrawn':
      return {
        title: `Offer withdrawn: ${title}`,
        body: `The organizer reduced the spots in ${title} on ${when}; you keep your place on the waitlist.`,
      };
  }
}

/**
 * Tells the people the waitlist moved (issue 12): a notification gated by their eventJoined
 * settings (spec §3); guests, who have no settings, by mail. Sent after the transaction commits;
 * a failure is logged and does not undo the spot.
 */
export async function sendWaitlistMail(deps: EventDeps, notices: WaitlistNotice[]): Promise<void> {
  for (const notice of notices) {
    const link = occurrenceLink(deps.publicOrigin, notice.event.id, notice.occurrenceStartsAt);
    const mailFor = (name: string, isGuest: boolean) => {
      const details = {
        name,
        title: notice.event.title,
        timeZone: notice.event.timeZone,
        startsAt: notice.occurrenceStartsAt,
        link,
      };
      return notice.kind === 'withdrawn'
        ? offerWithdrawnMail(details)
        : notice.kind === 'offered' && notice.offerExpiresAt
          ? spotOfferedMail({ ...details, expiresAt: notice.offerExpiresAt })
          : spotGivenMail({ ...details, isGuest });
    };
    try {
      if (notice.guestId) await mailGuest(deps, notice.guestId, (name) => mailFor(name, true));
      else if (notice.userId) {
        await notify(deps, {
          userIds: [notice.userId],
          category: 'eventJoined',
          kind: waitlistKinds[notice.kind],
          ...waitlistWords(notice),
          link: occurrencePath(notice.event.id, notice.occurrenceStartsAt),
          subjectId: notice.event.id,
          mail: ({ name }) => mailFor(name, false),
        });
      }
    } catch (error) {
      deps.log.error({ err: error, eventId: notice.event.id }, 'waitlist mail failed');
    }
  }
}

/**
 * Tells everyone who held a spot or a waitlist place on dates that are gone (the event was
 * cancelled, or dates left its schedule): one mail per person, listing their dates. Sent after
 * the change commits; a failed mail is logged.
 */
export async function sendSpotsEndedMail(
  deps: EventDeps,
  event: Pick<EventRow, 'id' | 'title' | 'timeZone'>,
  parties: Pick<PartyRow, 'userId' | 'guestId' | 'occurrenceStartsAt'>[],
  reason: SpotsEndedReason,
): Promise<void> {
  const byPerson = new Map<string, { userId: string | null; guestId: string | null; dates: Date[] }>();
  for (const party of parties) {
    const key = party.userId ?? `guest:${party.guestId ?? ''}`;
    const person = byPerson.get(key) ?? { userId: party.userId, guestId: party.guestId, dates: [] };
    person.dates.push(party.occurrenceStartsAt);
    byPerson.set(key, person);
  }
  for (const person of byPerson.values()) {
    try {
      const dates = [...person.dates].sort((a, b) => a.getTime() - b.getTime());
      const mailFor = (name: string) =>
        spotsEndedMail({
          name,
          title: event.title,
          timeZone: event.timeZone,
          dates,
          reason,
          discoverLink: `${deps.publicOrigin}/discover/events`,
        });
      if (person.guestId) await mailGuest(deps, person.guestId, mailFor);
      else if (person.userId) {
        const [first] = dates;
        const mail = mailFor('');
        await notify(deps, {
          userIds: [person.userId],
          category: 'eventJoined',
          kind: 'eventCancelled',
          title: mail.subject,
          body:
            reason === 'datesRemoved'
              ? `The organizer took ${dates.length === 1 ? 'a date' : `${dates.length} dates`} you were on off the schedule of ${event.title}.`
              : reason === 'dateCancelled' && first
                ? `The organizer cancelled ${event.title} on ${onWallClock(first, event.timeZone)}.`
                : `The organizer cancelled ${event.title}.`,
          link: first && reason !== 'cancelled' ? occurrencePath(event.id, first) : `/discover/events/${event.id}`,
          subjectId: event.id,
          mail: ({ name }) => mailFor(name),
        });
      }
    } catch (error) {
      deps.log.error({ err: error, eventId: event.id }, 'spots-ended mail failed');
    }
  }
}

/** Withdraws lapsed offers of one occurrence and hands the spots on, in its own transaction. */
export async function settleOccurrence(deps: EventDeps, eventId: string, occurrenceStartsAt: Date): Promise<void> {
  const now = deps.clock.now();
  const notices = await inTransaction(deps.db, async (tx) => {
    const event = await lockEvent(tx, eventId);
    return event ? runWaitlist(tx, event, occurrenceAt(event, occurrenceStartsAt), now) : [];
  });
  announceEventChange(deps.realtime, eventId);
  await sendWaitlistMail(deps, notices);
}

/** How many occurrences one sweep settles at most; the next sweep takes the rest. */
const sweepBatch = 100;

/** The periodic sweep: every occurrence with a lapsed offer, across events (offer-expiry index). */
export async function sweepExpiredOffers(deps: EventDeps): Promise<number> {
  const due = await listOccurrencesWithExpiredOffers(deps.db, deps.clock.now(), sweepBatch);
  for (const { eventId, occurrenceStartsAt } of due) await settleOccurrence(deps, eventId, occurrenceStartsAt);
  return due.length;
}
