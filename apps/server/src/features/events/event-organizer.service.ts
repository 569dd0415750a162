import {
  alreadyOnDateMessage,
  noPlayerFoundMessage,
  occurrenceCancelledMessage,
  type PlayerCandidate,
} from '@huddle/shared/event-organizer';
import { eventCancelledMessage, eventPastMessage, type Party } from '@huddle/shared/events';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import { email as emailSchema } from '@huddle/shared/users';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserRecord, findUserRecordByEmail } from '../accounts/accounts.service.ts';
import { usersBlockedEitherWay } from '../profiles/profiles.service.ts';
import { announceEventChange } from './discover-cache.ts';
import { joinUnderLock, occurrenceOf } from './event-parties.service.ts';
import {
  insertOccurrenceCancellation,
  isConnection,
  listCancelledOccurrences,
  searchConnections,
} from './event-organizer.repository.ts';
import { addedByOrganizerMail } from './events.mails.ts';
import {
  findPartyWithPerson,
  inTransaction,
  listOccurrenceParties,
  lockEvent,
  updatePartyRow,
  type EventRow,
} from './events.repository.ts';
import { eventNotFound, managedEvent, toParty } from './events.service.ts';
import {
  isPaidGame,
  occurrenceLink,
  paidGameCancelledJob,
  sendSpotsEndedMail,
  sendWaitlistMail,
  type EventDeps,
} from './waitlist.service.ts';

/** An event the organizer may still change dates of: not cancelled as a whole. */
async function liveManagedEvent(deps: EventDeps, eventId: string, actorId: string): Promise<EventRow> {
  const event = await managedEvent(deps.db, eventId, actorId);
  if (event.cancelledAt) throw new AppError('CONFLICT', eventCancelledMessage);
  return event;
}

/** A date that has not ended yet: what is over cannot be called off or joined. */
function comingOccurrence(deps: EventDeps, event: EventRow, startsAt: string) {
  const occurrence = occurrenceOf(event, startsAt, 'occurrenceStartsAt');
  if (occurrence.endsAt <= deps.clock.now()) throw new AppError('CONFLICT', eventPastMessage);
  return occurrence;
}

// ---- Cancel one date -----------------------------------------------------------------------

/**
 * Calls off one date of a series (issue 11). Its parties stay, so their date shows as cancelled
 * and calendar feeds mark it; offers on it are withdrawn (the waitlist no longer moves there).
 * Only the people of that date are mailed, once: cancelling it again changes nothing.
 */
export async function cancelOccurrence(
  deps: EventDeps,
  { actorId, eventId, occurrenceStartsAt }: { actorId: string; eventId: string; occurrenceStartsAt: string },
): Promise<{ ok: true }> {
  const event = await liveManagedEvent(deps, eventId, actorId);
  if (!event.repeatWeekdays) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      occurrenceStartsAt: ['This event has one date: cancel the event instead.'],
    });
  }
  const occurrence = comingOccurrence(deps, event, occurrenceStartsAt);
  const now = deps.clock.now();
  const told = await inTransaction(deps.db, async (tx) => {
    const locked = await lockEvent(tx, eventId);
    if (!locked || locked.cancelledAt) return undefined;
    if (!(await insertOccurrenceCancellation(tx, eventId, occurrence.startsAt, now))) return undefined;
    const parties = await listOccurrenceParties(tx, eventId, occurrence.startsAt);
    for (const party of parties.filter((row) => row.status === 'offered')) {
      await updatePartyRow(tx, party.id, { status: 'waitlisted', offerExpiresAt: null });
    }
    return { event: locked, parties };
  });
  if (told) announceEventChange(deps.realtime, eventId);
  if (told) await sendSpotsEndedMail(deps, told.event, told.parties, 'dateCancelled');
  // Everyone who paid for the date is refunded (decision 033); a job, so a Stripe outage retries.
  if (told && isPaidGame(told.event)) {
    await deps.jobs.send(paidGameCancelledJob, { eventId, occurrenceStartsAt: occurrence.startsAt.toISOString() });
  }
  return { ok: true };
}

/** The dates of these events called off on their own, for calendar files. */
export async function cancelledDatesOf(db: Database, eventIds: string[]): Promise<Map<string, Date[]>> {
  return listCancelledOccurrences(db, [...new Set(eventIds)]);
}

// ---- Add a player --------------------------------------------------------------------------

const maxCandidates = 10;

const toCandidate = (user: { id: string; name: string; image: string | null }): PlayerCandidate => ({
  userId: user.id,
  displayName: user.name.trim() || displayNameFallback,
  photoURL: user.image || defaultPhotoPath,
});

/**
 * Who an organizer can find (decision 018): the account with exactly this email (they know the
 * address already), or by name only among people who share a team or a game with them, so the
 * search cannot list strangers. People blocked either way are never found.
 */
export async function searchPlayers(
  deps: EventDeps,
  { actorId, eventId, q }: { actorId: string; eventId: string; q: string },
): Promise<{ people: PlayerCandidate[] }> {
  await managedEvent(deps.db, eventId, actorId);
  const blocked = await usersBlockedEitherWay(deps.db, actorId);
  const asEmail = emailSchema.safeParse(q);
  const found = asEmail.success
    ? [await findUserRecordByEmail(deps.db, asEmail.data)].filter((user) => user !== undefined)
    : await searchConnections(deps.db, actorId, q, maxCandidates + blocked.size);
  return {
    people: found
      .filter((user) => !blocked.has(user.id))
      .slice(0, maxCandidates)
      .map(toCandidate),
  };
}

async function findAddable(deps: EventDeps, actorId: string, person: { email?: string; userId?: string }) {
  const user = person.email
    ? await findUserRecordByEmail(deps.db, person.email)
    : person.userId && (await isConnection(deps.db, actorId, person.userId))
      ? await findUserRecord(deps.db, person.userId)
      : undefined;
  if (!user || (await usersBlockedEitherWay(deps.db, actorId)).has(user.id)) {
    throw new AppError('NOT_FOUND', noPlayerFoundMessage, { email: [noPlayerFoundMessage] });
  }
  return user;
}

/**
 * Puts a player on a date (issue 11) the way their own join would: a spot when one is free, the
 * end of the waitlist otherwise, under the event lock so parallel adds never exceed the spots.
 */
export async function addPlayer(
  deps: EventDeps,
  {
    actorId,
    eventId,
    occurrenceStartsAt,
    email,
    userId,
  }: { actorId: string; eventId: string; occurrenceStartsAt: string; email?: string; userId?: string },
): Promise<{ party: Party }> {
  const event = await liveManagedEvent(deps, eventId, actorId);
  const occurrence = comingOccurrence(deps, event, occurrenceStartsAt);
  const user = await findAddable(deps, actorId, { email, userId });
  const outcome = await joinUnderLock(deps.db, {
    eventId,
    occurrence,
    who: { userId: user.id, guestId: null },
    partySize: 1,
    now: deps.clock.now(),
  });
  announceEventChange(deps.realtime, eventId);
  if (outcome.kind === 'gone') throw eventNotFound();
  if (outcome.kind === 'cancelled') throw new AppError('CONFLICT', eventCancelledMessage);
  if (outcome.kind === 'dateCancelled') throw new AppError('CONFLICT', occurrenceCancelledMessage);
  await sendWaitlistMail(deps, outcome.notices);
  if (outcome.kind === 'already' || !outcome.party) throw new AppError('CONFLICT', alreadyOnDateMessage);

  // Being put on a game is about the player's own time: they hear of it whatever their settings.
  const organizer = await findUserRecord(deps.db, actorId);
  try {
    await deps.mailer.send({
      to: user.email,
      ...addedByOrganizerMail({
        name: user.name,
        organizer: organizer?.name.trim() || 'The organizer',
        title: event.title,
        timeZone: event.timeZone,
        startsAt: occurrence.startsAt,
        link: occurrenceLink(deps.publicOrigin, eventId, occurrence.startsAt),
        joined: outcome.place.status === 'joined',
      }),
    });
  } catch (error) {
    deps.log.error({ err: error, eventId }, 'added-by-organizer mail failed');
  }
  const row = await findPartyWithPerson(deps.db, outcome.party.id);
  if (!row) throw new AppError('NOT_FOUND', 'This person is no longer on the event.');
  return { party: toParty(row) };
}
