// npm run bench:soak: simulated people use one built server for a while, as a load tester
// would: sign in, read home and discover, join and leave games, pay for paid games on the local
// Checkout page (often many at once), search, check in at places.
// Prints requests, errors by status and latency percentiles per action, then checks what must
// hold: no game above its spots, waitlists in order, and every acknowledged write in the
// database. Exits 1 when a check fails, a request hangs (10 s) or any 5xx was answered.
//
//   SOAK_PEOPLE=24 SOAK_SECONDS=180 npm run bench:soak          (embedded PostgreSQL)
//   SOAK_DATABASE_URL=postgres://…/huddle_soak npm run bench:soak (an external one; a fresh database)
//
// SOAK_MIX=issue32 runs issue 32's mix instead (goal 2, bench/lib/issue32-mix.mjs): SOAK_PEOPLE
// (default 20) closed-loop people, no pauses, over a dozen events of which four weekly series;
// per route its requests, p50/p95 and statuses, then requests/s, p95 and Node/PostgreSQL CPU ms
// and queries per request over the whole run, with the load average. It checks only that no
// request hung and none got a 5xx. SOAK_CPU_PROFILE=1 (either mix) also writes the server's V8
// CPU profile and keeps its folder.
import path from 'node:path';
import { createSoakMix, percentile } from './lib/soak-mix.mjs';
import {
  drawRoute,
  issue32Routes,
  metricsToken,
  printMixTable,
  runClosedLoop,
  setUpIssue32World,
} from './lib/issue32-mix.mjs';
import { summarizeAndKeepCpuProfiles } from './lib/cpu-profile-summary.mjs';
import {
  confirmEmails,
  embeddedDatabaseUrl,
  freePort,
  makeTempDir,
  removeTempDir,
  requireServerBuild,
  runBench,
  spawnServer,
  stopChild,
  waitHealthy,
  loadAverage,
} from './lib/harness.mjs';

const issue32 = process.env.SOAK_MIX === 'issue32';
if (process.env.SOAK_MIX && !issue32) throw new Error(`SOAK_MIX=${process.env.SOAK_MIX}: only issue32 is known`);
const people = Number(process.env.SOAK_PEOPLE ?? (issue32 ? 20 : 24));
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const requestTimeoutMs = 10_000;

requireServerBuild();

const stats = new Map(); // action -> { latencies: number[], statuses: Map<status, count> }
let hangs = 0;

function record({ action, status, ms }) {
  let entry = stats.get(action);
  if (!entry) stats.set(action, (entry = { latencies: [], statuses: new Map() }));
  entry.latencies.push(ms);
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  if (status === 'hang') hangs += 1;
}

const mix = createSoakMix({ people, requestTimeoutMs, onResult: record });

function printReport(elapsedSeconds) {
  let total = 0;
  const byStatus = new Map();
  console.log(`\n${'action'.padEnd(22)} ${'requests'.padStart(8)}   p50 ms   p95 ms   p99 ms   max ms   statuses`);
  for (const [action, entry] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    total += sorted.length;
    for (const [status, count] of entry.statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + count);
    const fixed = (value) => value.toFixed(1).padStart(8);
    const statuses = [...entry.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
    console.log(
      `${action.padEnd(22)} ${String(sorted.length).padStart(8)} ${fixed(percentile(sorted, 0.5))} ${fixed(percentile(sorted, 0.95))} ${fixed(percentile(sorted, 0.99))} ${fixed(sorted.at(-1) ?? 0)}   ${statuses}`,
    );
  }
  const all = [...stats.values()].flatMap((entry) => entry.latencies).sort((a, b) => a - b);
  console.log(
    `\ntotal ${total} requests in ${elapsedSeconds.toFixed(0)} s (${(total / elapsedSeconds).toFixed(0)} req/s); ` +
      `all: p50 ${percentile(all, 0.5).toFixed(1)} / p95 ${percentile(all, 0.95).toFixed(1)} / p99 ${percentile(all, 0.99).toFixed(1)} ms`,
  );
  console.log(`by status: ${[...byStatus].map(([status, count]) => `${status}: ${count}`).join(', ')}`);
  return byStatus;
}

await runBench('bench:soak', (seconds + 600) * 1000, async () => {
  const dataDir = makeTempDir('huddle-soak-');
  const server = spawnServer({
    dataDir,
    port: await freePort(),
    env: {
      METRICS_TOKEN: metricsToken,
      GUEST_RATE_LIMIT_MAX: '100000',
      ...(process.env.SOAK_DATABASE_URL && {
        DATABASE_URL: process.env.SOAK_DATABASE_URL,
        SESSION_SECRET: 'soak-'.repeat(8),
      }),
    },
    nodeArgs: process.env.SOAK_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${dataDir}/profile`] : [],
  });
  try {
    await waitHealthy(server, { timeoutMs: 120_000 });
    console.log(
      `soak: ${people} people for ${seconds} s against ${server.baseUrl} (${process.env.SOAK_DATABASE_URL ? 'external PostgreSQL' : 'embedded PostgreSQL'})`,
    );
    const databaseUrl = process.env.SOAK_DATABASE_URL ?? embeddedDatabaseUrl(dataDir);
    if (issue32) {
      const world = await setUpIssue32World(server.baseUrl, databaseUrl, people);
      const routes = issue32Routes(world);
      console.log(`issue 32's mix; load average at start ${loadAverage()}`);
      const result = await runClosedLoop({
        server,
        dataDir: process.env.SOAK_DATABASE_URL ? null : dataDir,
        cast: world.cast,
        seconds,
        nextRoute: () => drawRoute(routes),
      });
      printMixTable(result, { people, routes });
      const statuses = [...result.byRoute.values()].flatMap((entry) => [...entry.statuses]);
      const failed = statuses.filter(([status]) => typeof status !== 'number' || status >= 500);
      console.log(`hangs, network errors and 5xx: ${failed.reduce((sum, [, n]) => sum + n, 0)}`);
      if (failed.length > 0) throw new Error('the soak found problems (above)');
      return;
    }
    const world = await mix.setUp(server.baseUrl, (emails) => confirmEmails(server.baseUrl, databaseUrl, emails));
    stats.clear();
    const expected = { games: new Map(), checkins: new Map() };
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const keepGoing = () => performance.now() < deadline;
    await Promise.all(world.cast.map((person) => mix.live(server.baseUrl, person, world, keepGoing, expected)));
    const byStatus = printReport((performance.now() - started) / 1000);
    const failures = await mix.verify(server.baseUrl, world, expected);
    const serverErrors = [...byStatus].filter(([status]) => typeof status === 'number' && status >= 500);
    console.log(`\nchecks: capacity and acknowledged writes ${failures.length === 0 ? 'PASS' : 'FAIL'}`);
    for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
    console.log(
      `hangs (no answer in ${requestTimeoutMs / 1000} s): ${hangs}; 5xx: ${serverErrors.reduce((sum, [, n]) => sum + n, 0)}`,
    );
    if (failures.length > 0 || hangs > 0 || serverErrors.length > 0) throw new Error('the soak found problems (above)');
  } finally {
    await stopChild(server.child);
    // The server wrote its profile as it exited.
    if (process.env.SOAK_CPU_PROFILE) summarizeAndKeepCpuProfiles(path.join(dataDir, 'profile'));
    removeTempDir(dataDir);
  }
});
