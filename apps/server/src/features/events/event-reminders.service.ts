import { listOccurrences } from '@huddle/shared/event-occurrences';
import { notify } from '../notifications/notifications.service.ts';
import { isOccurrenceCancelled } from './event-organizer.repository.ts';
import { scheduleOf } from './event-schedule.ts';
import { onWallClock } from './events.mails.ts';
import { listEventsStartingWithin, listOccurrenceParties, type EventRow } from './events.repository.ts';
import { heldSlots, occurrencePath, type EventDeps } from './waitlist.service.ts';

const hourMs = 60 * 60 * 1000;
/** The two reminders (issue 12): a day before and an hour before a game. */
const dayAheadMs = 24 * hourMs;
const hourAheadMs = hourMs;
/** Events one scan looks at; the scan runs every few minutes, so a busy hour is covered by the next. */
const scanBatch = 500;

export const gameRemindersJob = 'events.reminders';
/** Every 5 minutes: a reminder goes out at most 5 minutes after its moment. */
export const gameRemindersCron = '*/5 * * * *';

/**
 * The reminder scan, run by the job queue on a schedule (once across instances). Every date
 * starting within the next 24 hours: its joined players get the day-ahead reminder (the hour-ahead
 * one inside the last hour), and its organizer hears when it is short of players. Dedupe keys
 * make each reminder go once per person and date, however often the scan runs or overlaps; the
 * settings gate mail and push (eventJoined for players, eventCreatedJoin for the organizer).
 * Returns how many dates it looked at.
 */
export async function sendGameReminders(deps: EventDeps): Promise<number> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + dayAheadMs);
  let dates = 0;
  for (const event of await listEventsStartingWithin(deps.db, now, horizon, scanBatch)) {
    for (const occurrence of listOccurrences(scheduleOf(event))) {
      if (occurrence.startsAt <= now) continue;
      if (occurrence.startsAt > horizon) break;
      dates += 1;
      await remindOccurrence(deps, event, occurrence.startsAt, now);
    }
  }
  return dates;
}

async function remindOccurrence(deps: EventDeps, event: EventRow, startsAt: Date, now: Date): Promise<void> {
  if (await isOccurrenceCancelled(deps.db, event.id, startsAt)) return;
  const parties = await listOccurrenceParties(deps.db, event.id, startsAt);
  const joined = parties.filter((party) => party.status === 'joined');
  const when = onWallClock(startsAt, event.timeZone);
  const link = occurrencePath(event.id, startsAt);
  const hourAhead = startsAt.getTime() - now.getTime() <= hourAheadMs;
  const at = startsAt.toISOString();

  await notify(deps, {
    userIds: joined.flatMap((party) => (party.userId ? [party.userId] : [])),
    category: 'eventJoined',
    kind: 'reminder',
    title: hourAhead ? `Starting soon: ${event.title}` : `Coming up: ${event.title}`,
    body: `${event.title} starts ${when}. If you can't make it, leave the game so the next person gets the spot.`,
    link,
    subjectId: event.id,
    dedupeKey: `reminder-${hourAhead ? '1h' : '24h'}:${event.id}:${at}`,
  });

  const held = heldSlots(joined);
  if (held < event.slots) {
    await notify(deps, {
      userIds: [event.creatorId],
      category: 'eventCreatedJoin',
      kind: 'gameShort',
      title: `Short of players: ${event.title}`,
      body: `${held} of ${event.slots} spots are taken in ${event.title} on ${when}. Invite players or message the ones you know.`,
      link: `/discover/events/${event.id}/manage`,
      subjectId: event.id,
      dedupeKey: `game-short:${event.id}:${at}`,
    });
  }
}
