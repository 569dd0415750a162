import { displayNameFallback } from '@huddle/shared/limits';
import { findUserRecord } from '../accounts/accounts.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { onWallClock } from './events.mails.ts';
import { listPartiesFrom, type EventRow } from './events.repository.ts';
import { occurrencePath, type EventDeps } from './waitlist.service.ts';

/**
 * The event notifications that are not about the waitlist (issue 12): a player joined the
 * organizer's game, and the organizer changed a game people are on. Each runs after its change
 * commits; notify logs its own failures.
 */

type EventBasics = Pick<EventRow, 'id' | 'title' | 'timeZone' | 'creatorId'>;

/** "Joined your game" to the organizer (eventCreatedJoin); a guest's join too, by the name they gave. */
export async function notifyPlayerJoined(
  deps: EventDeps,
  {
    event,
    occurrenceStartsAt,
    playerId,
    playerName,
    guestName,
    status,
    friends,
  }: {
    event: EventBasics;
    occurrenceStartsAt: Date;
    playerId: string | null;
    /** The player's name when the caller has read it already (one read fewer). */
    playerName?: string;
    guestName?: string;
    status: 'joined' | 'waitlisted';
    friends: number;
  },
): Promise<void> {
  const knownName = playerId && playerName === undefined ? (await findUserRecord(deps.db, playerId))?.name : playerName;
  const name = ((playerId ? knownName : guestName) ?? '').trim() || displayNameFallback;
  const who = friends > 0 ? `${name} and ${friends} friend${friends === 1 ? '' : 's'}` : name;
  const when = onWallClock(occurrenceStartsAt, event.timeZone);
  await notify(deps, {
    userIds: [event.creatorId],
    category: 'eventCreatedJoin',
    kind: 'playerJoined',
    title: status === 'joined' ? `${name} joined ${event.title}` : `${name} is on the waitlist of ${event.title}`,
    body:
      status === 'joined'
        ? `${who} joined ${event.title} on ${when}.`
        : `${who} joined the waitlist of ${event.title} on ${when}: the game is full.`,
    link: occurrencePath(event.id, occurrenceStartsAt),
    actorId: playerId,
    subjectId: event.id,
  });
}

/**
 * The organizer changed when or where a game is: everyone still on one of its coming dates hears
 * of it (the people whose dates went are told by the spots-ended notice instead).
 */
export async function notifyEventChanged(
  deps: EventDeps,
  { event, actorId, what }: { event: EventBasics; actorId: string; what: string },
): Promise<void> {
  const parties = await listPartiesFrom(deps.db, event.id, deps.clock.now());
  const userIds = parties.flatMap((party) => (party.userId ? [party.userId] : []));
  if (userIds.length === 0) return;
  await notify(deps, {
    userIds,
    category: 'eventJoined',
    kind: 'eventChanged',
    title: `Changed: ${event.title}`,
    body: `The organizer changed the ${what} of ${event.title}. Check the details before you go.`,
    link: `/discover/events/${event.id}`,
    actorId,
    subjectId: event.id,
  });
}
