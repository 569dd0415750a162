import {
  notStartedMessage,
  occurrenceCancelledMessage,
  type AttendanceEntry,
  type AttendanceStatus,
} from '@huddle/shared/event-organizer';
import { AppError } from '../../lib/app-error.ts';
import { occurrenceOf } from './event-parties.service.ts';
import { isOccurrenceCancelled, listAttendance, upsertAttendance } from './event-organizer.repository.ts';
import { findPartyOf, inTransaction, lockEvent } from './events.repository.ts';
import { eventNotFound, managedEvent } from './events.service.ts';
import type { EventDeps } from './waitlist.service.ts';

const toEntries = (rows: { userId: string; status: string }[]): AttendanceEntry[] =>
  rows.map((row) => ({ userId: row.userId, status: row.status as AttendanceStatus }));

export async function listAttendanceOf(
  deps: EventDeps,
  { actorId, eventId, occurrence }: { actorId: string; eventId: string; occurrence: string },
): Promise<{ attendance: AttendanceEntry[] }> {
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrence, 'occurrence');
  return { attendance: toEntries(await listAttendance(deps.db, eventId, startsAt)) };
}

/**
 * After a date has started, its organizer marks each joined player present or a no-show
 * (issue 11). Marking again overwrites, so a double click or a correction is harmless.
 */
export async function markAttendance(
  deps: EventDeps,
  {
    actorId,
    eventId,
    occurrenceStartsAt,
    userId,
    status,
  }: { actorId: string; eventId: string; occurrenceStartsAt: string; userId: string; status: AttendanceStatus },
): Promise<{ attendance: AttendanceEntry[] }> {
  const now = deps.clock.now();
  const event = await managedEvent(deps.db, eventId, actorId);
  const { startsAt } = occurrenceOf(event, occurrenceStartsAt, 'occurrenceStartsAt');
  if (startsAt > now) throw new AppError('CONFLICT', notStartedMessage);
  const outcome = await inTransaction(deps.db, async (tx) => {
    // Under the event lock: the party cannot leave between the check and the mark.
    if (!(await lockEvent(tx, eventId))) return 'gone';
    if (await isOccurrenceCancelled(tx, eventId, startsAt)) return 'dateCancelled';
    const party = await findPartyOf(tx, eventId, startsAt, { userId, guestId: null });
    if (party?.status !== 'joined') return 'noSpot';
    await upsertAttendance(tx, { eventId, occurrenceStartsAt: startsAt, userId, status, markedBy: actorId, now });
    return 'marked';
  });
  if (outcome === 'gone') throw eventNotFound();
  if (outcome === 'dateCancelled') throw new AppError('CONFLICT', occurrenceCancelledMessage);
  if (outcome === 'noSpot') throw new AppError('NOT_FOUND', 'This person has no spot on this date.');
  return { attendance: toEntries(await listAttendance(deps.db, eventId, startsAt)) };
}
