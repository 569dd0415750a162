import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { findNextTeamEventStarts } from './events.repository.ts';

/**
 * my-communities' "next": the start of each team's next event occurrence, by team id. Its own
 * module (not event-lists.service) so the teams service can call it without an import cycle.
 */
export function nextTeamEventStarts(db: Database, clock: Clock, teamIds: string[]): Promise<Map<string, Date>> {
  return findNextTeamEventStarts(db, { teamIds, now: clock.now() });
}
