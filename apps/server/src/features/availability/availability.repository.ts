import type { AvailabilityBody } from '@huddle/shared/availability';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { availabilities } from './availability.schema.ts';

export async function findAvailability(db: Database, userId: string): Promise<AvailabilityBody | null> {
  const [row] = await db
    .select({ weekly: availabilities.weekly, dates: availabilities.dates, timeZone: availabilities.timeZone })
    .from(availabilities)
    .where(eq(availabilities.userId, userId));
  if (!row) return null;
  const { timeZone, ...ranges } = row;
  return timeZone ? { ...ranges, timeZone } : ranges;
}

/** Creates the row on the first save, replaces it afterwards (spec §4). */
export async function upsertAvailability(db: Database, userId: string, availability: AvailabilityBody): Promise<void> {
  await db
    .insert(availabilities)
    .values({ userId, ...availability })
    .onConflictDoUpdate({
      target: availabilities.userId,
      // A save without a zone (an older client) keeps the one recorded.
      set: {
        weekly: availability.weekly,
        dates: availability.dates,
        ...(availability.timeZone ? { timeZone: availability.timeZone } : {}),
        updatedAt: new Date(),
      },
    });
}
