import type { Database } from '../../db/client.ts';
import { countGamesPlayedRows } from './event-organizer.repository.ts';

/**
 * What public profiles show as "games played" (issue 11): see countGamesPlayedRows for the rule.
 * A module of its own: the profiles service calls it, and the events services call profiles.
 */
export async function countGamesPlayed(db: Database, { userId, now }: { userId: string; now: Date }): Promise<number> {
  return countGamesPlayedRows(db, userId, now);
}
