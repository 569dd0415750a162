import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerLevel, quizLevelOnScale } from './fair-teams.ts';
import { balanceTeams, describeBalance, type BalanceInput, type BalancePlayer } from './team-balance.ts';

/** 2-40 players, some in parties of 2-3, some with a position, levels on the 1-5 scale. */
const playersArbitrary = fc
  .array(
    fc.record({
      level: fc.double({ min: 1, max: 5, noNaN: true }),
      partyOf: fc.integer({ min: 0, max: 30 }),
      position: fc.constantFrom(null, null, null, 'Goalkeeper', 'Setter'),
    }),
    { minLength: 2, maxLength: 40 },
  )
  .map((rows): BalancePlayer[] => {
    // Parties of two or three: a player shares the party of the one before when partyOf is small.
    let partySize = 1;
    let currentParty = 'p0';
    return rows.map((row, index) => {
      if (row.partyOf < 6 && index > 0 && partySize < 3) partySize += 1;
      else {
        currentParty = `p${index}`;
        partySize = 1;
      }
      return { key: `k${index}`, level: row.level, party: currentParty, position: row.position };
    });
  })
  .map((players) => {
    // A party of one is no party.
    const sizes = new Map<string, number>();
    for (const player of players) sizes.set(player.party ?? '', (sizes.get(player.party ?? '') ?? 0) + 1);
    return players.map((player) => ({
      ...player,
      party: (sizes.get(player.party ?? '') ?? 0) > 1 ? player.party : null,
    }));
  });

const inputArbitrary = fc.record({
  players: playersArbitrary,
  teamCount: fc.integer({ min: 2, max: 6 }),
  keepParties: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

const sizesOf = (teams: string[][]) => teams.map((team) => team.length);
const largestParty = (players: readonly BalancePlayer[]) => {
  const sizes = new Map<string, number>();
  for (const player of players) if (player.party) sizes.set(player.party, (sizes.get(player.party) ?? 0) + 1);
  return Math.max(1, ...sizes.values());
};

describe('balanceTeams', () => {
  it('puts every player on exactly one team, and makes the teams asked for', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const teams = balanceTeams({ ...input, locked: {} });
        expect(teams).toHaveLength(input.teamCount);
        const keys = teams.flat();
        expect(keys.toSorted()).toEqual(input.players.map((player) => player.key).toSorted());
      }),
    );
  });

  it('gives the same teams for the same input and seed', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        expect(balanceTeams({ ...input, locked: {} })).toEqual(balanceTeams({ ...input, locked: {} }));
      }),
    );
  });

  it('keeps each party on one team when asked to', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const teams = balanceTeams({ ...input, keepParties: true, locked: {} });
        const teamOf = new Map(teams.flatMap((team, index) => team.map((key) => [key, index] as const)));
        const partyTeams = new Map<string, Set<number>>();
        for (const player of input.players) {
          if (!player.party) continue;
          partyTeams.set(player.party, (partyTeams.get(player.party) ?? new Set()).add(teamOf.get(player.key)!));
        }
        for (const seen of partyTeams.values()) expect(seen.size).toBe(1);
      }),
    );
  });

  it('makes team sizes differ by at most one without parties, and by no more than parties force with them', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const apart = sizesOf(balanceTeams({ ...input, keepParties: false, locked: {} }));
        expect(Math.max(...apart) - Math.min(...apart)).toBeLessThanOrEqual(1);
        const together = sizesOf(balanceTeams({ ...input, keepParties: true, locked: {} }));
        expect(Math.max(...together) - Math.min(...together)).toBeLessThanOrEqual(largestParty(input.players));
      }),
    );
  });

  it('leaves locked players on the team they were locked to, whatever the seed', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.array(fc.nat(), { maxLength: 5 }), (input, picks) => {
        const locked: Record<string, number> = {};
        for (const pick of picks) {
          const player = input.players[pick % input.players.length]!;
          locked[player.key] = pick % input.teamCount;
        }
        const teams = balanceTeams({ ...input, locked });
        for (const [key, team] of Object.entries(locked)) expect(teams[team]).toContain(key);
      }),
    );
  });

  it('spreads marked positions: two goalkeepers in two teams are never on the same side', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const players = input.players.map((player, index) => ({
          ...player,
          party: null,
          position: index < 2 ? 'Goalkeeper' : null,
        }));
        const teams = balanceTeams({ ...input, players, teamCount: 2, locked: {} });
        expect(teams.map((team) => team.filter((key) => key === 'k0' || key === 'k1').length)).toEqual([1, 1]);
      }),
    );
  });

  it('splits strong and weak players evenly rather than by joining order', () => {
    const players: BalancePlayer[] = [5, 5, 5, 5, 1, 1, 1, 1].map((level, index) => ({
      key: `k${index}`,
      level,
      party: null,
      position: null,
    }));
    const input: BalanceInput = { players, teamCount: 2, keepParties: true, locked: {}, seed: 7 };
    const teams = balanceTeams(input);
    const levels = teams.map((team) => team.map((key) => players.find((player) => player.key === key)!.level));
    expect(levels.map((team) => team.reduce((sum, level) => sum + level, 0))).toEqual([12, 12]);
  });

  it('gives a different split for another seed when several are equally fair', () => {
    const players: BalancePlayer[] = Array.from({ length: 12 }, (_, index) => ({
      key: `k${index}`,
      level: 3,
      party: null,
      position: null,
    }));
    const splits = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        JSON.stringify(balanceTeams({ players, teamCount: 2, keepParties: true, locked: {}, seed })),
      ),
    );
    expect(splits.size).toBeGreaterThan(1);
  });
});

describe('describeBalance', () => {
  it('says how far apart the teams are, in plain words', () => {
    expect(
      describeBalance([
        [3, 3],
        [3.2, 3],
      ]).summary,
    ).toMatch(/^Even: .* within 0\.1 /);
    expect(
      describeBalance([
        [4, 4],
        [3.5, 3.5],
      ]).summary,
    ).toMatch(/^Close: .* 0\.5 above/);
    const uneven = describeBalance([[5, 5], [2, 2], [3]]);
    expect(uneven.summary).toMatch(/^Uneven: .* 3\.0 above/);
    expect(uneven.averages).toEqual([5, 2, 3]);
    expect(uneven.spread).toBe(3);
    expect(describeBalance([[3, 3, 3, 3], [3]]).summary).toContain('One team has 3 more players than another.');
  });
});

describe('playerLevel', () => {
  it("weighs the organizer's rating most, then the quiz, then the player's own, and is 3 when nothing is known", () => {
    expect(playerLevel({ selfRated: null, quiz: null, rating: null })).toBe(3);
    expect(playerLevel({ selfRated: 5, quiz: null, rating: null })).toBe(5);
    expect(playerLevel({ selfRated: 5, quiz: null, rating: 1 })).toBeCloseTo((5 + 2) / 3);
    expect(playerLevel({ selfRated: 1, quiz: 4, rating: 2 })).toBeCloseTo((1 + 6 + 4) / 4.5);
  });

  it('maps a quiz band onto the 1-5 scale', () => {
    expect(quizLevelOnScale(2, { lowest: 2, highest: 5 })).toBe(1);
    expect(quizLevelOnScale(5, { lowest: 2, highest: 5 })).toBe(5);
    expect(quizLevelOnScale(3.5, { lowest: 2, highest: 5 })).toBe(3);
  });
});
