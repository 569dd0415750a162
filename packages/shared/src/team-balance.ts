/**
 * Issue 34 part 2, fair teams on the day (decision 077): the split itself, a pure function.
 * The same players, options and seed always give the same teams, on the server and in tests.
 *
 * How it splits: the players are grouped into units (a party that joined together is one unit
 * while parties are kept; everyone else is a unit of one). Locked players sit where the organizer
 * put them. The other units are shuffled by the seed (so a new seed gives a different, equally
 * fair split), then placed one by one, marked positions first and bigger units first, each on
 * a team that has room (sizes stay within one of each other where the parties allow), among
 * those the one with the fewest of its position, then the lowest strength for its size. Last, pairs of units of
 * the same size on different teams are swapped while a swap brings the teams' strengths closer
 * without piling up a position.
 */

export interface BalancePlayer {
  /** Unique in the input. */
  key: string;
  /** The strength used to balance, on Huddle's 1-5 scale. */
  level: number;
  /** Players with the same party key joined together (a party); null for a party of one. */
  party: string | null;
  /** A position the organizer marked for the game (goalkeeper), spread across teams; null for none. */
  position: string | null;
}

export interface BalanceInput {
  players: readonly BalancePlayer[];
  teamCount: number;
  /** Keep each party on one team (the organizer may turn it off). */
  keepParties: boolean;
  /** Player key → team index: these players stay on that team whatever the seed. */
  locked: Readonly<Record<string, number>>;
  seed: number;
}

interface Unit {
  keys: string[];
  total: number;
  /** Lower-cased marked positions of the unit's players. */
  positions: string[];
  pinned: number | null;
}

/** mulberry32: a small, fast PRNG; good enough to order players, and the same everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

const positionOf = (player: BalancePlayer) => player.position?.trim().toLowerCase() || null;

/** The units of the split: parties (when kept) and single players, each locked one pinned. */
function unitsOf({ players, teamCount, keepParties, locked }: BalanceInput): Unit[] {
  const pinOf = (key: string) => {
    const team = locked[key];
    return team !== undefined && Number.isInteger(team) && team >= 0 && team < teamCount ? team : null;
  };
  const groups = new Map<string, BalancePlayer[]>();
  const units: Unit[] = [];
  const single = (player: BalancePlayer): Unit => ({
    keys: [player.key],
    total: player.level,
    positions: positionOf(player) ? [positionOf(player) as string] : [],
    pinned: pinOf(player.key),
  });
  for (const player of players) {
    if (!keepParties || player.party === null) units.push(single(player));
    else groups.set(player.party, [...(groups.get(player.party) ?? []), player]);
  }
  for (const members of groups.values()) {
    // A lock wins over the party: the first locked member pins the party, a member locked
    // elsewhere leaves it for the team it is locked to.
    const pinned = members.map((member) => pinOf(member.key)).find((team) => team !== null) ?? null;
    const stay = members.filter((member) => pinOf(member.key) === null || pinOf(member.key) === pinned);
    for (const member of members) if (!stay.includes(member)) units.push(single(member));
    units.push({
      keys: stay.map((member) => member.key),
      total: stay.reduce((sum, member) => sum + member.level, 0),
      positions: stay.map(positionOf).filter((position): position is string => position !== null),
      pinned,
    });
  }
  return units;
}

/**
 * Splits the players into `teamCount` teams; the result lists each team's player keys. Every
 * player is on exactly one team.
 */
export function balanceTeams(input: BalanceInput): string[][] {
  const teamCount = Math.max(1, Math.floor(input.teamCount));
  const random = seededRandom(input.seed);
  const units = unitsOf({ ...input, teamCount });
  const playerCount = units.reduce((sum, unit) => sum + unit.keys.length, 0);
  const mean = playerCount === 0 ? 0 : units.reduce((sum, unit) => sum + unit.total, 0) / playerCount;
  // playerCount = base × teamCount + extra: `extra` teams may hold base + 1 players, the rest base.
  const base = Math.floor(playerCount / teamCount);
  const extra = playerCount % teamCount;

  const members: Unit[][] = Array.from({ length: teamCount }, () => []);
  const sizes = new Array<number>(teamCount).fill(0);
  const totals = new Array<number>(teamCount).fill(0);
  const positionCounts = Array.from({ length: teamCount }, () => new Map<string, number>());
  const place = (unit: Unit, team: number) => {
    members[team]?.push(unit);
    sizes[team] = (sizes[team] ?? 0) + unit.keys.length;
    totals[team] = (totals[team] ?? 0) + unit.total;
    const counts = positionCounts[team] as Map<string, number>;
    for (const position of unit.positions) counts.set(position, (counts.get(position) ?? 0) + 1);
  };

  for (const unit of units) if (unit.pinned !== null) place(unit, unit.pinned);
  // Shuffled first, then a stable sort: ties between equal units fall in the seed's order.
  const free = shuffled(
    units.filter((unit) => unit.pinned === null),
    random,
  ).sort(
    (a, b) =>
      b.positions.length - a.positions.length ||
      b.keys.length - a.keys.length ||
      b.total / b.keys.length - a.total / a.keys.length,
  );
  for (const unit of free) {
    const bigTeams = sizes.filter((size) => size > base).length;
    let best = 0;
    let bestScore: number[] | null = null;
    for (let team = 0; team < teamCount; team += 1) {
      const counts = positionCounts[team] as Map<string, number>;
      const crowding = unit.positions.reduce((sum, position) => sum + (counts.get(position) ?? 0), 0);
      const size = sizes[team] ?? 0;
      const room = bigTeams < extra || size > base ? base + 1 : base;
      const over = Math.max(0, size + unit.keys.length - room);
      // Strength against what this team's size should carry: the weakest side gets the unit.
      const deficit = (totals[team] ?? 0) - size * mean;
      const score = [over, crowding, deficit, size];
      if (!bestScore || lexLess(score, bestScore)) {
        best = team;
        bestScore = score;
      }
    }
    place(unit, best);
  }

  improveBySwaps(members, totals, sizes, positionCounts, mean);
  return members.map((team) => team.flatMap((unit) => unit.keys));
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index += 1) {
    const left = a[index] as number;
    const right = b[index] as number;
    if (Math.abs(left - right) > 1e-9) return left < right;
  }
  return false;
}

/** Swaps unpinned units of the same size between teams while the strengths get closer. */
function improveBySwaps(
  members: Unit[][],
  totals: number[],
  sizes: number[],
  positionCounts: Map<string, number>[],
  mean: number,
): void {
  const deviation = (team: number, total: number) => (total - (sizes[team] ?? 0) * mean) ** 2;
  const crowdingDelta = (from: number, to: number, leaving: Unit, arriving: Unit) => {
    // Positions moving from `from` to `to` (leaving) and back (arriving): a swap may not stack one.
    const change = new Map<string, number>();
    for (const position of leaving.positions) change.set(position, (change.get(position) ?? 0) + 1);
    for (const position of arriving.positions) change.set(position, (change.get(position) ?? 0) - 1);
    let worse = 0;
    for (const [position, moved] of change) {
      if (moved === 0) continue;
      const fromCount = positionCounts[from]?.get(position) ?? 0;
      const toCount = positionCounts[to]?.get(position) ?? 0;
      const before = fromCount ** 2 + toCount ** 2;
      const after = (fromCount - moved) ** 2 + (toCount + moved) ** 2;
      worse += after - before;
    }
    return worse;
  };
  const maxPasses = 20;
  for (let pass = 0; pass < maxPasses; pass += 1) {
    let improved = false;
    for (let a = 0; a < members.length; a += 1) {
      for (let b = a + 1; b < members.length; b += 1) {
        const teamA = members[a] as Unit[];
        const teamB = members[b] as Unit[];
        for (let i = 0; i < teamA.length; i += 1) {
          for (let j = 0; j < teamB.length; j += 1) {
            const unitA = teamA[i] as Unit;
            const unitB = teamB[j] as Unit;
            if (unitA.pinned !== null || unitB.pinned !== null || unitA.keys.length !== unitB.keys.length) continue;
            const diff = unitB.total - unitA.total;
            if (diff === 0) continue;
            const totalA = totals[a] as number;
            const totalB = totals[b] as number;
            const gain =
              deviation(a, totalA) + deviation(b, totalB) - deviation(a, totalA + diff) - deviation(b, totalB - diff);
            if (gain <= 1e-9 || crowdingDelta(a, b, unitA, unitB) > 0) continue;
            teamA[i] = unitB;
            teamB[j] = unitA;
            totals[a] = totalA + diff;
            totals[b] = totalB - diff;
            for (const position of unitA.positions) {
              positionCounts[a]?.set(position, (positionCounts[a]?.get(position) ?? 0) - 1);
              positionCounts[b]?.set(position, (positionCounts[b]?.get(position) ?? 0) + 1);
            }
            for (const position of unitB.positions) {
              positionCounts[b]?.set(position, (positionCounts[b]?.get(position) ?? 0) - 1);
              positionCounts[a]?.set(position, (positionCounts[a]?.get(position) ?? 0) + 1);
            }
            improved = true;
          }
        }
      }
    }
    if (!improved) return;
  }
}

// ---- The balance, in figures and words ------------------------------------------------------

export interface TeamBalance {
  /** Per team: its average level (null for an empty team). */
  averages: (number | null)[];
  /** The strongest team's average less the weakest's (0 with fewer than two non-empty teams). */
  spread: number;
  /** The balance in plain words, for the page. */
  summary: string;
}

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/** The teams' average levels and how far apart they are, said plainly. */
export function describeBalance(teamLevels: readonly (readonly number[])[]): TeamBalance {
  const averages = teamLevels.map((levels) =>
    levels.length === 0 ? null : levels.reduce((sum, level) => sum + level, 0) / levels.length,
  );
  const known = averages.filter((average): average is number => average !== null);
  const spread = known.length < 2 ? 0 : Math.max(...known) - Math.min(...known);
  const sizes = teamLevels.map((levels) => levels.length);
  const sizeGap = sizes.length === 0 ? 0 : Math.max(...sizes) - Math.min(...sizes);
  let summary: string;
  if (known.length < 2) summary = 'Add players to at least two teams to compare them.';
  else if (spread < 0.25)
    summary = `Even: the teams' average levels are within ${oneDecimal(spread)} of each other on a 1-5 scale.`;
  else if (spread < 0.6)
    summary = `Close: the strongest team's average is ${oneDecimal(spread)} above the weakest's on a 1-5 scale.`;
  else summary = `Uneven: the strongest team's average is ${oneDecimal(spread)} above the weakest's on a 1-5 scale.`;
  if (known.length >= 2 && sizeGap > 1) summary += ` One team has ${sizeGap} more players than another.`;
  return { averages, spread, summary };
}
