import type { AvailabilityBody } from '@huddle/shared/availability';
import type { Database } from '../../db/client.ts';
import { findAvailability, upsertAvailability } from './availability.repository.ts';

/** Only the owner reads or writes their availability; routes pass the session's user id. */
export async function getAvailability(db: Database, { actorId }: { actorId: string }) {
  return { availability: await findAvailability(db, actorId) };
}

export async function saveAvailability(
  db: Database,
  { actorId, availability }: { actorId: string; availability: AvailabilityBody },
) {
  // A day marked unavailable keeps no ranges (spec §4: unticking clears them).
  const weekly = Object.fromEntries(
    Object.entries(availability.weekly).map(([day, value]) => [
      day,
      value.isAvailable ? value : { isAvailable: false, ranges: [] },
    ]),
  ) as AvailabilityBody['weekly'];
  const dates = [...availability.dates].sort((a, b) => a.date.localeCompare(b.date));
  const saved = { weekly, dates, ...(availability.timeZone ? { timeZone: availability.timeZone } : {}) };
  await upsertAvailability(db, actorId, saved);
  return { availability: saved };
}
