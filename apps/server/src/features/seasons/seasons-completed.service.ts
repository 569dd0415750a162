import { seasonEndsAt } from '@huddle/shared/seasons';
import type { Database } from '../../db/client.ts';
import { listApprovedSeasonEnds } from './seasons.repository.ts';

/**
 * Seasons a player completed (decision 064): approved into, and over by the end of the last day
 * on the team's clock. The moments they ended, oldest first. A module of its own: the badges
 * service reaches it from profiles, and seasons.service.ts reaches profiles through teams.
 */
export async function listSeasonsCompletedTimes(
  db: Database,
  { userId, now }: { userId: string; now: Date },
): Promise<Date[]> {
  return (await listApprovedSeasonEnds(db, userId))
    .map((season) => seasonEndsAt(season.endsOn, season.timeZone))
    .filter((endedAt) => endedAt <= now)
    .sort((a, b) => a.getTime() - b.getTime());
}
