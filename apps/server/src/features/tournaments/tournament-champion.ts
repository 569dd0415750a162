import { computeStandings } from '@huddle/shared/tournament-brackets';
import type { EntrantRow, MatchRow, TournamentRow } from './tournaments.repository.ts';

// Who wins a tournament: its pages name the champion, and the badges count the wins (decision 064).

/** The match whose winner wins the tournament: the one no other match takes a winner from (not a pool match). */
function finalMatch(matches: readonly MatchRow[]): MatchRow | undefined {
  const fed = new Set(
    matches.flatMap((match) =>
      [match.homeSource, match.awaySource].flatMap((source) => (source.kind === 'winner' ? [source.match] : [])),
    ),
  );
  const finals = matches.filter((match) => match.stage !== 'pool' && !fed.has(match.key));
  return finals.length === 1 ? finals[0] : undefined;
}

export function poolStandings(
  tournament: TournamentRow,
  entrants: readonly EntrantRow[],
  matches: readonly MatchRow[],
) {
  if (tournament.format !== 'round_robin' || !tournament.scheduledAt) return [];
  return Array.from({ length: tournament.pools }, (_, index) => index + 1).map((pool) => {
    const members = entrants.filter((entrant) => entrant.pool === pool);
    const results = matches.flatMap((match) =>
      match.pool === pool && match.homeScore !== null && match.awayScore !== null
        ? [
            {
              home: match.homeEntrantId!,
              away: match.awayEntrantId!,
              homeScore: match.homeScore,
              awayScore: match.awayScore,
            },
          ]
        : [],
    );
    return {
      pool,
      complete: matches.every((match) => match.pool !== pool || match.homeScore !== null),
      rows: computeStandings(
        members.map((member) => member.id),
        results,
      ),
    };
  });
}

export function championOf(
  tournament: TournamentRow,
  entrants: readonly EntrantRow[],
  matches: readonly MatchRow[],
): EntrantRow | undefined {
  if (!tournament.scheduledAt) return undefined;
  const byId = new Map(entrants.map((entrant) => [entrant.id, entrant]));
  const final = finalMatch(matches);
  if (final) return final.winnerEntrantId ? byId.get(final.winnerEntrantId) : undefined;
  // A round robin without a knockout: the single pool's table decides once every match is played.
  const [table, ...others] = poolStandings(tournament, entrants, matches);
  if (!table || others.length > 0 || !table.complete) return undefined;
  return byId.get(table.rows[0]!.entrant);
}
