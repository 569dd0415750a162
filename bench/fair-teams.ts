// npm run bench:teams: the fair-teams split (issue 34 part 2, decision 077) on its own, as the
// server runs it: 30 players into 2 teams, with parties of friends and two goalkeepers, a new
// seed each time. Prints p50 / p95 / p99 over many splits and the load average; the goal is
// under 50 ms. It asserts nothing: the figures are for people to read (bench/README.md).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { balanceTeams, seededRandom, type BalancePlayer } from '../packages/shared/src/team-balance.ts';

const runs = Number(process.env.BENCH_RUNS ?? 2000);
const goalMs = 50;

/** 30 players: levels across the scale, three parties of two and one of three, two goalkeepers. */
function playersOf(seed: number): BalancePlayer[] {
  const random = seededRandom(seed);
  const partyOf = (index: number) => (index < 6 ? `pair-${Math.floor(index / 2)}` : index < 9 ? 'trio' : null);
  return Array.from({ length: 30 }, (_, index) => ({
    key: `player-${index}`,
    level: 1 + random() * 4,
    party: partyOf(index),
    position: index === 12 || index === 20 ? 'Goalkeeper' : null,
  }));
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

// Warm the JIT as a running server would be.
for (let seed = 0; seed < 200; seed += 1) {
  balanceTeams({ players: playersOf(seed), teamCount: 2, keepParties: true, locked: {}, seed });
}

const timesMs: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const players = playersOf(run + 1000);
  const started = performance.now();
  balanceTeams({ players, teamCount: 2, keepParties: true, locked: { 'player-0': 0 }, seed: run });
  timesMs.push(performance.now() - started);
}
timesMs.sort((a, b) => a - b);
const figure = (value: number) => `${value.toFixed(3)} ms`;
const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
console.log(`fair teams: 30 players into 2 teams, ${runs} splits`);
console.log(
  `  p50 ${figure(percentile(timesMs, 0.5))}   p95 ${figure(percentile(timesMs, 0.95))}   p99 ${figure(percentile(timesMs, 0.99))}   max ${figure(timesMs.at(-1) ?? Number.NaN)}`,
);
console.log(`  goal: under ${goalMs} ms (p95 ${percentile(timesMs, 0.95) < goalMs ? 'meets it' : 'misses it'})`);
console.log(`  load average: ${one} ${five} ${fifteen} (1, 5, 15 min)`);
