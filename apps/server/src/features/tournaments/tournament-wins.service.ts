import type { Database } from '../../db/client.ts';
import { championOf } from './tournament-champion.ts';
import { listEntrantRowsOf, listFinishedTournamentsCaptainedBy, listMatchRows } from './tournaments.repository.ts';

/**
 * The tournaments a player won (decision 064): they captain the champion's side, and the
 * tournament is over, so a final's score corrected on the day is settled before a win counts. A
 * win is dated at the tournament's end, or at its last score if that came later; oldest first.
 * A module of its own: the badges service reaches it from profiles, and tournaments.service.ts
 * reaches profiles through teams.
 */
export async function listTournamentWinTimes(
  db: Database,
  { userId, now }: { userId: string; now: Date },
): Promise<Date[]> {
  const finished = await listFinishedTournamentsCaptainedBy(db, userId, now);
  const ids = finished.map((tournament) => tournament.id);
  // One after another: the badges may read this on a transaction's one connection.
  const entrants = await listEntrantRowsOf(db, ids);
  const matches = await listMatchRows(db, ids);
  return finished
    .flatMap((tournament) => {
      const own = matches.filter((match) => match.tournamentId === tournament.id);
      const champion = championOf(
        tournament,
        entrants.filter((entrant) => entrant.tournamentId === tournament.id),
        own,
      );
      if (champion?.captainId !== userId) return [];
      const lastScore = Math.max(...own.map((match) => match.scoredAt?.getTime() ?? 0));
      return [new Date(Math.max(tournament.endsAt.getTime(), lastScore))];
    })
    .sort((a, b) => a.getTime() - b.getTime());
}
