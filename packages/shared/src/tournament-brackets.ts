/**
 * Tournament brackets, schedules and standings (issue 16), pure: no database, no clock. The server
 * stores what `planMatches` returns and fills the slots as scores come in; the web draws the same
 * shapes. Decision 050 says why each rule is the one TeamSnap, Challonge or Spond users expect.
 */

export const tournamentFormats = ['single_elimination', 'double_elimination', 'round_robin'] as const;
export type TournamentFormat = (typeof tournamentFormats)[number];

/** Where a match sits: the winners' or losers' bracket, the grand final, a pool, or the knockout after pools. */
export const matchStages = ['winners', 'losers', 'final', 'pool', 'knockout'] as const;
export type MatchStage = (typeof matchStages)[number];

/**
 * Who fills one side of a match: an entrant by seed (1 = top seed), the winner or loser of an
 * earlier match (by key), or the entrant placed `rank` in a pool once the pool is over.
 */
export type MatchSource =
  | { kind: 'seed'; seed: number }
  | { kind: 'winner'; match: string }
  | { kind: 'loser'; match: string }
  | { kind: 'poolRank'; pool: number; rank: number };

/** `empty` is a bye: nobody comes from there. Only used while planning; stored matches never hold one. */
type PlanSource = MatchSource | { kind: 'empty' };

export interface PlannedMatch {
  /** Unique in a tournament: W1-1 (winners' round 1, first match), L2-1, GF, P2-R3-1, K1-1. */
  key: string;
  stage: MatchStage;
  /** The round within its stage, from 1. */
  round: number;
  /** The order within its round, from 1 (top of the drawn bracket first). */
  position: number;
  /** The pool, from 1, for pool matches. */
  pool: number | null;
  home: MatchSource;
  away: MatchSource;
}

export interface PlanOptions {
  format: TournamentFormat;
  entrantCount: number;
  /** Round robin only: how many pools (1 = everyone plays everyone). */
  pools?: number;
  /** Round robin only: the top N of each pool go into a knockout (0 = no knockout, the pool table decides). */
  advancePerPool?: number;
}

export const minEntrants = 2;
export const maxEntrants = 128;

/**
 * The standard seeded order of a bracket of `size` (a power of two): 1 meets `size`, 2 meets
 * `size - 1`, and the top two seeds can meet only in the final.
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

export const nextPowerOfTwo = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(count, 1)));

interface Draft {
  key: string;
  stage: MatchStage;
  round: number;
  pool: number | null;
  home: PlanSource;
  away: PlanSource;
}

const sourceKey = (source: PlanSource) =>
  source.kind === 'winner' || source.kind === 'loser' ? `${source.kind}:${source.match}` : null;

/**
 * Drops the matches a bye decides (one side empty): their winner is the other side and their
 * loser is nobody, so a top seed with a bye starts in round 2 and a losers' bracket slot fed by
 * a bye collapses too. Drafts come in play order, so every reference is resolved before use.
 */
function resolveByes(drafts: Draft[]): PlannedMatch[] {
  const replaced = new Map<string, PlanSource>();
  const resolve = (source: PlanSource): PlanSource => {
    const key = sourceKey(source);
    return key ? (replaced.get(key) ?? source) : source;
  };
  const kept: Draft[] = [];
  for (const draft of drafts) {
    const home = resolve(draft.home);
    const away = resolve(draft.away);
    if (home.kind === 'empty' || away.kind === 'empty') {
      replaced.set(`winner:${draft.key}`, home.kind === 'empty' ? away : home);
      replaced.set(`loser:${draft.key}`, { kind: 'empty' });
      continue;
    }
    kept.push({ ...draft, home, away });
  }
  // Positions count the matches left in each round, so a drawn round has no holes.
  const positions = new Map<string, number>();
  return kept.map((draft) => {
    const roundKey = `${draft.stage}:${draft.pool ?? ''}:${draft.round}`;
    const position = (positions.get(roundKey) ?? 0) + 1;
    positions.set(roundKey, position);
    return {
      key: draft.key,
      stage: draft.stage,
      round: draft.round,
      position,
      pool: draft.pool,
      home: draft.home as MatchSource,
      away: draft.away as MatchSource,
    };
  });
}

/**
 * A knockout of the given sides, in seed order (best first), as drafts: round 1 pairs the
 * bracket order, with byes (empty) where there are fewer sides than places, so byes fall to the
 * top seeds. Returns the drafts and the source of the champion.
 */
function knockoutDrafts(sides: PlanSource[], stage: MatchStage, prefix: string) {
  const size = nextPowerOfTwo(sides.length);
  let slots: PlanSource[] = bracketOrder(size).map((seed) => sides[seed - 1] ?? { kind: 'empty' });
  const drafts: Draft[] = [];
  const rounds: string[][] = [];
  for (let round = 1; slots.length > 1; round += 1) {
    const next: PlanSource[] = [];
    const keys: string[] = [];
    for (let index = 0; index < slots.length; index += 2) {
      const key = `${prefix}${round}-${index / 2 + 1}`;
      drafts.push({ key, stage, round, pool: null, home: slots[index]!, away: slots[index + 1]! });
      next.push({ kind: 'winner', match: key });
      keys.push(key);
    }
    rounds.push(keys);
    slots = next;
  }
  return { drafts, rounds, champion: slots[0]! };
}

const seeds = (count: number): PlanSource[] =>
  Array.from({ length: count }, (_, index) => ({ kind: 'seed', seed: index + 1 }));

function singleElimination(entrantCount: number): Draft[] {
  return knockoutDrafts(seeds(entrantCount), 'winners', 'W').drafts;
}

/**
 * Double elimination on a bracket of size 2^k: the winners' bracket as in single elimination;
 * the losers' bracket has 2(k-1) rounds: odd rounds pair the survivors among themselves (the
 * first pairs the losers of winners' round 1), even rounds meet the losers dropping from the
 * next winners' round, in reverse order so early rematches are rare. The two bracket champions
 * meet once in the grand final (no reset match, decision 050).
 */
function doubleElimination(entrantCount: number): Draft[] {
  const winners = knockoutDrafts(seeds(entrantCount), 'winners', 'W');
  const drafts: Draft[] = [...winners.drafts];
  const loserOf = (key: string): PlanSource => ({ kind: 'loser', match: key });
  const winnerOf = (key: string): PlanSource => ({ kind: 'winner', match: key });
  const winnersRounds = winners.rounds;
  // Two entrants: the loser of the one match gets the second life in the grand final.
  if (winnersRounds.length < 2) {
    return [
      ...drafts,
      { key: 'GF', stage: 'final', round: 1, pool: null, home: winners.champion, away: loserOf('W1-1') },
    ];
  }

  let survivors: PlanSource[] = winnersRounds[0]!.map(loserOf);
  let losersRound = 0;
  const addRound = (pairs: [PlanSource, PlanSource][]) => {
    losersRound += 1;
    survivors = pairs.map(([home, away], index) => {
      const key = `L${losersRound}-${index + 1}`;
      drafts.push({ key, stage: 'losers', round: losersRound, pool: null, home, away });
      return winnerOf(key);
    });
  };
  for (let round = 2; round <= winnersRounds.length; round += 1) {
    // Survivors pair among themselves (the losers of round 1 first; later, when they outnumber the droppers).
    if (survivors.length > winnersRounds[round - 1]!.length) {
      const pairs: [PlanSource, PlanSource][] = [];
      for (let index = 0; index < survivors.length; index += 2) pairs.push([survivors[index]!, survivors[index + 1]!]);
      addRound(pairs);
    }
    const dropping = winnersRounds[round - 1]!.map(loserOf).reverse();
    addRound(survivors.map((survivor, index) => [dropping[index]!, survivor]));
  }
  drafts.push({ key: 'GF', stage: 'final', round: 1, pool: null, home: winners.champion, away: survivors[0]! });
  // Play order: winners' round r, then the losers' rounds it feeds; resolveByes needs references first.
  const order = (draft: Draft) =>
    draft.stage === 'winners' ? draft.round * 2 - 1 : draft.stage === 'losers' ? draft.round + 1 : 10_000;
  return drafts
    .map((draft, index) => ({ draft, index }))
    .sort((a, b) => order(a.draft) - order(b.draft) || a.index - b.index)
    .map(({ draft }) => draft);
}

/** Seeds dealt into pools in a snake (1 A, 2 B, 3 B, 4 A …), so each pool is about as strong. */
export function poolOfSeeds(entrantCount: number, pools: number): number[][] {
  const result: number[][] = Array.from({ length: pools }, () => []);
  for (let seed = 1; seed <= entrantCount; seed += 1) {
    const lap = Math.floor((seed - 1) / pools);
    const offset = (seed - 1) % pools;
    result[lap % 2 === 0 ? offset : pools - 1 - offset]!.push(seed);
  }
  return result;
}

/**
 * Everyone in a pool meets everyone once, by the circle method: each round every entrant plays
 * at most once (one sits out when the pool is odd).
 */
export function roundRobinRounds<T>(members: readonly T[]): [T, T][][] {
  const ring: (T | null)[] = [...members];
  if (ring.length % 2 === 1) ring.push(null);
  const rounds: [T, T][][] = [];
  for (let round = 0; round < ring.length - 1; round += 1) {
    const pairs: [T, T][] = [];
    for (let index = 0; index < ring.length / 2; index += 1) {
      const home = ring[index];
      const away = ring[ring.length - 1 - index];
      if (home !== null && home !== undefined && away !== null && away !== undefined) pairs.push([home, away]);
    }
    rounds.push(pairs);
    // Keep the first in place and turn the rest one step.
    ring.splice(1, 0, ring.pop()!);
  }
  return rounds;
}

/** How many first-round knockout pairs (of those known so far) are two sides from one pool. */
function poolMateMeetings(sides: readonly { pool: number }[]): number {
  const order = bracketOrder(nextPowerOfTwo(sides.length));
  let meetings = 0;
  for (let index = 0; index < order.length; index += 2) {
    const home = sides[order[index]! - 1];
    const away = sides[order[index + 1]! - 1];
    if (home && away && home.pool === away.pool) meetings += 1;
  }
  return meetings;
}

function roundRobin(entrantCount: number, pools: number, advancePerPool: number): Draft[] {
  const drafts: Draft[] = [];
  poolOfSeeds(entrantCount, pools).forEach((members, poolIndex) => {
    const pool = poolIndex + 1;
    roundRobinRounds(members).forEach((pairs, roundIndex) => {
      pairs.forEach(([home, away], index) => {
        drafts.push({
          key: `P${pool}-R${roundIndex + 1}-${index + 1}`,
          stage: 'pool',
          round: roundIndex + 1,
          pool,
          home: { kind: 'seed', seed: home },
          away: { kind: 'seed', seed: away },
        });
      });
    });
  });
  if (advancePerPool === 0) return drafts;
  // Knockout seeds: every pool winner before any runner-up. The pools within a rank go in
  // whichever direction (forward or reversed, per rank) keeps pool-mates from meeting in the
  // first round most, so a pool's winner meets another pool's runner-up.
  const poolNumbers = Array.from({ length: pools }, (_, index) => index + 1);
  const orders = [poolNumbers, [...poolNumbers].reverse()];
  let sides: Extract<PlanSource, { kind: 'poolRank' }>[] = [];
  for (let rank = 1; rank <= advancePerPool; rank += 1) {
    const candidates = (rank === 1 ? [poolNumbers] : orders).map((order) => [
      ...sides,
      ...order.map((pool) => ({ kind: 'poolRank' as const, pool, rank })),
    ]);
    sides = candidates.reduce((best, candidate) =>
      poolMateMeetings(candidate) < poolMateMeetings(best) ? candidate : best,
    );
  }
  if (sides.length < 2) return drafts;
  return [...drafts, ...knockoutDrafts(sides, 'knockout', 'K').drafts];
}

/** Why a plan cannot be made, as the field message to show; null when it can. */
export function planProblem({ format, entrantCount, pools = 1, advancePerPool = 0 }: PlanOptions): string | null {
  if (entrantCount < minEntrants) return 'Enter at least 2 teams or players.';
  if (entrantCount > maxEntrants) return `At most ${maxEntrants} teams or players.`;
  if (format !== 'round_robin') return null;
  if (pools < 1 || entrantCount < pools * 2) return 'Each pool needs at least 2 teams or players.';
  const smallest = Math.floor(entrantCount / pools);
  if (advancePerPool > smallest) return `At most ${smallest} per pool can go through.`;
  if (advancePerPool > 0 && advancePerPool * pools < 2) return 'At least 2 must go through to a knockout.';
  return null;
}

/** Every match of a tournament, in play order, with byes already taken out. */
export function planMatches(options: PlanOptions): PlannedMatch[] {
  const problem = planProblem(options);
  if (problem) throw new Error(problem);
  const { format, entrantCount, pools = 1, advancePerPool = 0 } = options;
  const drafts =
    format === 'single_elimination'
      ? singleElimination(entrantCount)
      : format === 'double_elimination'
        ? doubleElimination(entrantCount)
        : roundRobin(entrantCount, pools, advancePerPool);
  return resolveByes(drafts);
}

export interface ScheduleOptions {
  startsAt: Date;
  matchMinutes: number;
  /** The tournament's places and courts; at least one. */
  courts: readonly string[];
}

export interface ScheduledSlot {
  key: string;
  court: string;
  startsAt: Date;
}

/**
 * Puts each match on the court free soonest, once the matches it waits for are over: the ones
 * whose winner or loser it takes, a whole pool for a pool-rank side, and the earlier matches of
 * its own entrants (nobody plays twice at once).
 */
export function scheduleMatches(matches: readonly PlannedMatch[], options: ScheduleOptions): ScheduledSlot[] {
  const minutes = options.matchMinutes * 60_000;
  const start = options.startsAt.getTime();
  const courtFree = options.courts.map(() => start);
  const endOf = new Map<string, number>();
  const poolEnd = new Map<number, number>();
  const seedEnd = new Map<number, number>();
  const ready = (source: MatchSource) => {
    if (source.kind === 'seed') return seedEnd.get(source.seed) ?? start;
    if (source.kind === 'poolRank') return poolEnd.get(source.pool) ?? start;
    return endOf.get(source.match) ?? start;
  };
  return matches.map((match) => {
    const earliest = Math.max(ready(match.home), ready(match.away));
    let court = 0;
    for (let index = 1; index < courtFree.length; index += 1) {
      if (Math.max(courtFree[index]!, earliest) < Math.max(courtFree[court]!, earliest)) court = index;
    }
    const begins = Math.max(courtFree[court]!, earliest);
    const ends = begins + minutes;
    courtFree[court] = ends;
    endOf.set(match.key, ends);
    for (const side of [match.home, match.away]) if (side.kind === 'seed') seedEnd.set(side.seed, ends);
    if (match.pool !== null) poolEnd.set(match.pool, Math.max(poolEnd.get(match.pool) ?? start, ends));
    return { key: match.key, court: options.courts[court]!, startsAt: new Date(begins) };
  });
}

export interface ResultForStandings<Id> {
  home: Id;
  away: Id;
  homeScore: number;
  awayScore: number;
}

export interface Standing<Id> {
  entrant: Id;
  rank: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  pointsFor: number;
  pointsAgainst: number;
  pointDifference: number;
}

/**
 * A pool table. Ranked by wins; entrants level on wins are split by head-to-head (wins in the
 * matches among just them), then point difference, then points scored (all matches), and last
 * by the order given (the seeding), so the table never depends on chance.
 */
export function computeStandings<Id>(
  entrants: readonly Id[],
  results: readonly ResultForStandings<Id>[],
): Standing<Id>[] {
  const rows = new Map<Id, Standing<Id>>(
    entrants.map((entrant) => [
      entrant,
      {
        entrant,
        rank: 0,
        played: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        pointsFor: 0,
        pointsAgainst: 0,
        pointDifference: 0,
      },
    ]),
  );
  for (const result of results) {
    const home = rows.get(result.home);
    const away = rows.get(result.away);
    if (!home || !away) continue;
    for (const [row, scored, conceded] of [
      [home, result.homeScore, result.awayScore],
      [away, result.awayScore, result.homeScore],
    ] as const) {
      row.played += 1;
      row.pointsFor += scored;
      row.pointsAgainst += conceded;
      row.pointDifference = row.pointsFor - row.pointsAgainst;
      if (scored > conceded) row.wins += 1;
      else if (scored < conceded) row.losses += 1;
      else row.draws += 1;
    }
  }
  const seedOrder = new Map(entrants.map((entrant, index) => [entrant, index]));
  const headToHeadWins = (group: readonly Standing<Id>[]) => {
    const members = new Set(group.map((row) => row.entrant));
    const wins = new Map<Id, number>(group.map((row) => [row.entrant, 0]));
    for (const result of results) {
      if (!members.has(result.home) || !members.has(result.away) || result.homeScore === result.awayScore) continue;
      const winner = result.homeScore > result.awayScore ? result.home : result.away;
      wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }
    return wins;
  };
  const byWins = [...rows.values()].sort((a, b) => b.wins - a.wins);
  const ordered: Standing<Id>[] = [];
  for (let index = 0; index < byWins.length;) {
    let end = index;
    while (end < byWins.length && byWins[end]!.wins === byWins[index]!.wins) end += 1;
    const group = byWins.slice(index, end);
    const h2h = headToHeadWins(group);
    group.sort(
      (a, b) =>
        (h2h.get(b.entrant) ?? 0) - (h2h.get(a.entrant) ?? 0) ||
        b.pointDifference - a.pointDifference ||
        b.pointsFor - a.pointsFor ||
        seedOrder.get(a.entrant)! - seedOrder.get(b.entrant)!,
    );
    ordered.push(...group);
    index = end;
  }
  return ordered.map((row, index) => ({ ...row, rank: index + 1 }));
}
