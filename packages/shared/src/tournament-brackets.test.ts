import { describe, expect, it } from 'vitest';
import {
  bracketOrder,
  computeStandings,
  planMatches,
  planProblem,
  poolOfSeeds,
  roundRobinRounds,
  scheduleMatches,
  type MatchSource,
  type PlannedMatch,
} from './tournament-brackets.ts';

const label = (source: MatchSource) =>
  source.kind === 'seed'
    ? `#${source.seed}`
    : source.kind === 'poolRank'
      ? `${source.rank}@P${source.pool}`
      : `${source.kind === 'winner' ? 'W' : 'L'}(${source.match})`;
const drawn = (matches: PlannedMatch[]) =>
  matches.map((match) => `${match.key}: ${label(match.home)} v ${label(match.away)}`);

/**
 * Plays a plan through, the better seed (lower number) always winning, and returns the
 * champion's seed: every reference must be to a match already played.
 */
function playThrough(matches: PlannedMatch[]): { champion: number; played: Map<string, [number, number]> } {
  const played = new Map<string, [number, number]>();
  const seedOf = (source: MatchSource): number => {
    if (source.kind === 'seed') return source.seed;
    if (source.kind === 'poolRank') throw new Error('pool ranks need standings');
    const result = played.get(source.match);
    if (!result) throw new Error(`${source.match} is not played yet`);
    return source.kind === 'winner' ? result[0] : result[1];
  };
  for (const match of matches) {
    const [home, away] = [seedOf(match.home), seedOf(match.away)];
    played.set(match.key, [Math.min(home, away), Math.max(home, away)]);
  }
  const last = matches.at(-1)!;
  return { champion: played.get(last.key)![0], played };
}

describe('bracketOrder', () => {
  it('keeps the top two seeds apart until the final and pairs 1 with the last', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
  });
});

describe('single elimination', () => {
  it('gives the top seeds the byes when the count is not a power of two (5 entrants: 1, 2 and 3 wait)', () => {
    const matches = planMatches({ format: 'single_elimination', entrantCount: 5 });
    expect(drawn(matches)).toEqual(['W1-2: #4 v #5', 'W2-1: #1 v W(W1-2)', 'W2-2: #2 v #3', 'W3-1: W(W2-1) v W(W2-2)']);
    expect(matches.map((match) => [match.round, match.position])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 1],
    ]);
  });

  it('has n - 1 matches for every size, each seed playing at most once a round, and the top seed wins', () => {
    for (let count = 2; count <= 33; count += 1) {
      const matches = planMatches({ format: 'single_elimination', entrantCount: count });
      expect(matches).toHaveLength(count - 1);
      expect(playThrough(matches).champion).toBe(1);
      const byes = matches.filter((match) => match.round === 2 && match.home.kind === 'seed').map((m) => m.home);
      // Byes go to the best seeds: any seed starting in round 2 is better than every seed playing round 1.
      const firstRound = matches.filter((match) => match.round === 1).flatMap((m) => [m.home, m.away]);
      const worstBye = Math.max(0, ...byes.map((source) => (source.kind === 'seed' ? source.seed : 0)));
      for (const source of firstRound) if (source.kind === 'seed') expect(source.seed).toBeGreaterThan(worstBye);
    }
  });
});

describe('double elimination', () => {
  it('has a losers’ bracket fed by the winners’ losers, and a grand final of the two champions (8 entrants)', () => {
    const matches = planMatches({ format: 'double_elimination', entrantCount: 8 });
    const losers = matches.filter((match) => match.stage === 'losers');
    expect(drawn(losers)).toEqual([
      'L1-1: L(W1-1) v L(W1-2)',
      'L1-2: L(W1-3) v L(W1-4)',
      'L2-1: L(W2-2) v W(L1-1)',
      'L2-2: L(W2-1) v W(L1-2)',
      'L3-1: W(L2-1) v W(L2-2)',
      'L4-1: L(W3-1) v W(L3-1)',
    ]);
    expect(drawn(matches.filter((match) => match.stage === 'final'))).toEqual(['GF: W(W3-1) v W(L4-1)']);
    expect(matches).toHaveLength(2 * 8 - 2);
  });

  it('takes byes out of both brackets: 2n - 2 matches, every loser gets a second life, seeds 1 and 2 meet in the final', () => {
    for (let count = 2; count <= 20; count += 1) {
      const matches = planMatches({ format: 'double_elimination', entrantCount: count });
      expect(matches).toHaveLength(2 * count - 2);
      const { champion, played } = playThrough(matches);
      expect(champion).toBe(1);
      expect(played.get('GF')).toEqual([1, 2]);
      // Every entrant but the champion is out after exactly two losses (seed 2 loses to 1 in the
      // winners' bracket and again in the grand final).
      const losses = new Map<number, number>();
      for (const [, loser] of played.values()) losses.set(loser, (losses.get(loser) ?? 0) + 1);
      for (let seed = 2; seed <= count; seed += 1) expect(losses.get(seed)).toBe(2);
    }
  });

  it('plays a 5-entrant bracket with the losers’ slots of the byes collapsed', () => {
    const matches = planMatches({ format: 'double_elimination', entrantCount: 5 });
    expect(drawn(matches.filter((match) => match.stage === 'losers'))).toEqual([
      'L2-1: L(W2-2) v L(W1-2)',
      'L3-1: W(L2-1) v L(W2-1)',
      'L4-1: L(W3-1) v W(L3-1)',
    ]);
  });
});

describe('round robin', () => {
  it('meets everyone once, nobody twice in a round, one sitting out when odd', () => {
    const rounds = roundRobinRounds(['a', 'b', 'c', 'd', 'e']);
    expect(rounds).toHaveLength(5);
    const pairs = rounds.flat().map((pair) => [...pair].sort().join(''));
    expect(new Set(pairs).size).toBe(10);
    for (const round of rounds) expect(new Set(round.flat()).size).toBe(round.length * 2);
  });

  it('deals seeds into pools in a snake', () => {
    expect(poolOfSeeds(8, 2)).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
  });

  it('sends the top N of each pool into a knockout where a winner meets another pool’s runner-up', () => {
    const matches = planMatches({ format: 'round_robin', entrantCount: 8, pools: 2, advancePerPool: 2 });
    expect(matches.filter((match) => match.stage === 'pool')).toHaveLength(12);
    expect(drawn(matches.filter((match) => match.stage === 'knockout'))).toEqual([
      'K1-1: 1@P1 v 2@P2',
      'K1-2: 1@P2 v 2@P1',
      'K2-1: W(K1-1) v W(K1-2)',
    ]);
    const three = planMatches({ format: 'round_robin', entrantCount: 9, pools: 3, advancePerPool: 2 });
    for (const match of three.filter((m) => m.stage === 'knockout' && m.round === 1)) {
      if (match.home.kind === 'poolRank' && match.away.kind === 'poolRank') {
        expect(match.home.pool).not.toBe(match.away.pool);
      }
    }
  });

  it('with no knockout is only the pool', () => {
    const matches = planMatches({ format: 'round_robin', entrantCount: 4, pools: 1, advancePerPool: 0 });
    expect(matches.every((match) => match.stage === 'pool')).toBe(true);
    expect(matches).toHaveLength(6);
  });

  it('refuses impossible pools and advances with a field message', () => {
    expect(planProblem({ format: 'round_robin', entrantCount: 5, pools: 3 })).toBe(
      'Each pool needs at least 2 teams or players.',
    );
    expect(planProblem({ format: 'round_robin', entrantCount: 6, pools: 2, advancePerPool: 4 })).toBe(
      'At most 3 per pool can go through.',
    );
    expect(planProblem({ format: 'single_elimination', entrantCount: 1 })).toBe('Enter at least 2 teams or players.');
  });
});

describe('scheduleMatches', () => {
  it('fills the courts, waits for the matches a side comes from, and never doubles an entrant up', () => {
    const matches = planMatches({ format: 'single_elimination', entrantCount: 5 });
    const slots = scheduleMatches(matches, {
      startsAt: new Date('2030-05-01T09:00:00Z'),
      matchMinutes: 30,
      courts: ['Court 1', 'Court 2'],
    });
    expect(slots.map((slot) => `${slot.key} ${slot.court} ${slot.startsAt.toISOString().slice(11, 16)}`)).toEqual([
      'W1-2 Court 1 09:00',
      'W2-1 Court 1 09:30',
      'W2-2 Court 2 09:00',
      'W3-1 Court 1 10:00',
    ]);
  });

  it('starts a knockout after its pools', () => {
    const matches = planMatches({ format: 'round_robin', entrantCount: 4, pools: 1, advancePerPool: 2 });
    const slots = scheduleMatches(matches, { startsAt: new Date(0), matchMinutes: 10, courts: ['A', 'B'] });
    const lastPool = Math.max(
      ...slots.filter((slot) => slot.key.startsWith('P')).map((slot) => slot.startsAt.getTime()),
    );
    const final = slots.find((slot) => slot.key === 'K1-1')!;
    expect(final.startsAt.getTime()).toBe(lastPool + 10 * 60_000);
  });
});

describe('computeStandings', () => {
  const result = (home: string, away: string, homeScore: number, awayScore: number) => ({
    home,
    away,
    homeScore,
    awayScore,
  });

  it('ranks by wins first', () => {
    const table = computeStandings(
      ['a', 'b', 'c'],
      [result('a', 'b', 1, 2), result('b', 'c', 3, 0), result('a', 'c', 5, 0)],
    );
    expect(table.map((row) => [row.entrant, row.wins, row.rank])).toEqual([
      ['b', 2, 1],
      ['a', 1, 2],
      ['c', 0, 3],
    ]);
  });

  it('splits two level on wins by their head-to-head, before point difference', () => {
    // a and b both win twice; a has the far better difference, but b beat a.
    const table = computeStandings(
      ['a', 'b', 'c', 'd'],
      [
        result('a', 'b', 9, 10),
        result('a', 'c', 20, 0),
        result('a', 'd', 20, 0),
        result('b', 'c', 1, 0),
        result('b', 'd', 0, 1),
        result('c', 'd', 5, 4),
      ],
    );
    expect(table.map((row) => row.entrant).slice(0, 2)).toEqual(['b', 'a']);
  });

  it('uses point difference when head-to-head is level (a three-way cycle), then points scored, then seeding', () => {
    const cycle = [result('a', 'b', 2, 1), result('b', 'c', 2, 1), result('c', 'a', 5, 1)];
    expect(computeStandings(['a', 'b', 'c'], cycle).map((row) => row.entrant)).toEqual(['c', 'b', 'a']);
    // c +3, a -3, b 0.
    const sameDifference = [result('a', 'b', 3, 2), result('b', 'c', 4, 3), result('c', 'a', 2, 1)];
    // All +0; points scored: a 4, b 6, c 5.
    expect(computeStandings(['a', 'b', 'c'], sameDifference).map((row) => row.entrant)).toEqual(['b', 'c', 'a']);
    expect(computeStandings(['x', 'y'], []).map((row) => row.entrant)).toEqual(['x', 'y']);
  });

  it('counts draws, which are no win for either side', () => {
    const [first, second] = computeStandings(['a', 'b'], [result('a', 'b', 2, 2)]);
    expect([first!.draws, second!.draws, first!.wins]).toEqual([1, 1, 0]);
  });
});
