import type { Database } from '../../db/client.ts';
import { listGamesOrganizedTimes, listGamesPlayedTimes, type Milestones } from './event-organizer.repository.ts';

export type { Milestones };

/**
 * The badges' counts of games (decision 064): how many a person played or organized, and when
 * each of the first `limit` happened. A module of its own, as games-played.service.ts is: the
 * badges service calls it from profiles, and the events services call profiles.
 */
export async function gamesPlayedMilestones(
  db: Database,
  { userId, now, limit }: { userId: string; now: Date; limit: number },
): Promise<Milestones> {
  return listGamesPlayedTimes(db, userId, now, limit);
}

export async function gamesOrganizedMilestones(
  db: Database,
  { userId, now, limit }: { userId: string; now: Date; limit: number },
): Promise<Milestones> {
  return listGamesOrganizedTimes(db, userId, now, limit);
}
