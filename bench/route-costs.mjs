// npm run bench:costs: what one request of each route of the soak mix costs, measured route by
// route on the built server (embedded PostgreSQL, demo data): for each, COST_PEOPLE closed-loop
// clients send only that request for COST_SECONDS, and the bench reads
//   - Node CPU ms per request: the server process's user+system time (/proc/<pid>/stat), divided
//     by the requests answered;
//   - PostgreSQL CPU ms per request: the same over the embedded server's processes;
//   - queries per request: GET /metrics's huddle_db_queries_total, before and after;
//   - requests/s, p50 and p95.
// The sums, weighted by the soak mix of issue 32, give what one instance and one database carry
// (decision 070). Then the whole mix at once (issue 32 goal 2, bench/lib/issue32-mix.mjs):
// COST_MIX_PEOPLE closed-loop people for COST_MIX_SECONDS over a dozen events, per route its
// requests, p95 and statuses beside what one request costs alone, and over the whole run
// requests/s, p95, Node and PostgreSQL CPU ms and queries per request. Prints the tables and the
// load average; exits 1 only when it cannot measure.
//
//   COST_PEOPLE=10 COST_SECONDS=6 npm run bench:costs
//   COST_ROUTES=discover,join/leave npm run bench:costs      (only these rows)
//   COST_MIX_PEOPLE=20 COST_MIX_SECONDS=30 npm run bench:costs (the mix; 0 s: no mix)
//   COST_CPU_PROFILE=1 npm run bench:costs                    (also writes the server's .cpuprofile)
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
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
import {
  austin,
  cpuMsOf,
  createPublishedForm,
  drawRoute,
  gameBody,
  issue32Routes,
  metricsToken,
  postgresCpuMs,
  printMixTable,
  queriesSent,
  runClosedLoop,
  send,
  setUpIssue32World,
  signInOrganizer,
  signUpCast,
} from './lib/issue32-mix.mjs';
import { summarizeAndKeepCpuProfiles } from './lib/cpu-profile-summary.mjs';

const people = Number(process.env.COST_PEOPLE ?? 10);
const seconds = Number(process.env.COST_SECONDS ?? 6);
const mixPeople = Number(process.env.COST_MIX_PEOPLE ?? 20);
const mixSeconds = Number(process.env.COST_MIX_SECONDS ?? 30);
const onlyRoutes = process.env.COST_ROUTES?.split(',').map((name) => name.trim());

requireServerBuild();

async function setUp(baseUrl, databaseUrl) {
  const { organizerCookie, organizerId, placeIds } = await signInOrganizer(baseUrl);
  const created = await send(baseUrl, 'POST', '/api/events', {
    cookie: organizerCookie,
    body: gameBody('Costs game', placeIds[0], { repeat: { weekdays: [2], count: 10 }, slots: 500 }),
  });
  if (created.status !== 201)
    throw new Error(`could not create a game: ${created.status} ${JSON.stringify(created.json)}`);
  const game = { id: created.json.id, occurrence: created.json.next.startsAt };
  const formId = await createPublishedForm(baseUrl, organizerCookie, 'Costs sign-up');
  const cast = await signUpCast(baseUrl, databaseUrl, { people, label: 'Cost', organizerId });
  return { game, placeId: placeIds[0], formId, cast };
}

/**
 * The soak mix of issue 32 (its shares, in %), each as the request one person sends. join/leave
 * alternates, as check-in/check-out do, so the state stays the same all run.
 */
function routes(world) {
  const { game } = world;
  const occurrence = encodeURIComponent(game.occurrence);
  return [
    { name: 'discover', share: 15, request: () => ['GET', `/api/events?lat=${austin.lat}&lng=${austin.lng}&limit=20`] },
    { name: 'event view', share: 10, request: () => ['GET', `/api/events/${game.id}`] },
    {
      name: 'join/leave',
      share: 20,
      request: (person) => {
        person.joined = !person.joined;
        return person.joined
          ? ['POST', `/api/events/${game.id}/parties`, { occurrenceStartsAt: game.occurrence, friends: 0 }]
          : ['DELETE', `/api/events/${game.id}/parties/mine?occurrence=${occurrence}`];
      },
    },
    {
      name: 'nearby',
      share: 8,
      request: () => ['GET', `/api/events/nearby?lat=${austin.lat}&lng=${austin.lng}&limit=7`],
    },
    {
      name: 'address search',
      share: 7,
      request: () => ['GET', `/api/places/addresses?q=zilk&lat=${austin.lat}&lng=${austin.lng}`],
    },
    {
      name: 'check-in/out',
      share: 8,
      request: (person) => {
        person.checkedIn = !person.checkedIn;
        return person.checkedIn
          ? ['POST', `/api/places/${world.placeId}/check-ins`, { hours: 2 }]
          : ['DELETE', '/api/me/check-in'];
      },
    },
    {
      name: 'sign-in',
      share: 3,
      request: ({ credentials: { email, password } }) => [
        'POST',
        '/api/auth/sign-in',
        { email, password },
        'no-cookie',
      ],
    },
    { name: 'full search', share: 5, request: () => ['GET', '/api/search?q=soccer'] },
    { name: 'my events', share: 4, request: () => ['GET', '/api/me/events'] },
    {
      name: 'message send',
      share: 5,
      request: (person) => [
        'POST',
        `/api/conversations/${person.conversationId}/messages`,
        { clientId: randomUUID(), text: 'On my way' },
      ],
    },
    { name: 'notifications', share: 5, request: () => ['GET', '/api/me/notifications'] },
    {
      name: 'form submission',
      share: 4,
      request: () => [
        'POST',
        `/api/forms/${world.formId}/submissions`,
        { clientId: randomUUID(), answers: { position: 'Keeper' } },
      ],
    },
    { name: 'posts', share: 3, request: () => ['GET', '/api/posts'] },
    { name: 'config', share: 3, request: () => ['GET', '/api/config'] },
  ];
}

async function measure(server, dataDir, route, cast) {
  const nodePid = server.child.pid;
  const latencies = [];
  const statuses = new Map();
  const deadline = performance.now() + seconds * 1000;
  const before = {
    node: cpuMsOf(nodePid),
    postgres: postgresCpuMs(dataDir),
    queries: await queriesSent(server.baseUrl),
  };
  const started = performance.now();
  await Promise.all(
    cast.map(async (person) => {
      while (performance.now() < deadline) {
        const [method, url, body, noCookie] = route.request(person);
        const sentAt = performance.now();
        const answer = await send(server.baseUrl, method, url, { cookie: noCookie ? '' : person.cookie, body });
        latencies.push(performance.now() - sentAt);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // The metrics scrape below is one request more: read the CPU first.
  const after = { node: cpuMsOf(nodePid), postgres: postgresCpuMs(dataDir) };
  after.queries = await queriesSent(server.baseUrl);
  const count = latencies.length;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(count - 1, Math.floor(count * p))] ?? 0;
  return {
    name: route.name,
    share: route.share,
    count,
    perSecond: count / elapsed,
    nodeMs: (after.node - before.node) / count,
    postgresMs: (after.postgres - before.postgres) / count,
    queries: (after.queries - before.queries) / count,
    p50: at(0.5),
    p95: at(0.95),
    statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
  };
}

await runBench('bench:costs', 15 * 60_000, async () => {
  const dataDir = makeTempDir('huddle-bench-costs-');
  const server = spawnServer({
    dataDir,
    port: await freePort(),
    env: {
      METRICS_TOKEN: metricsToken,
      GUEST_RATE_LIMIT_MAX: '100000',
    },
    nodeArgs: process.env.COST_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${dataDir}/profile`] : [],
  });
  try {
    await waitHealthy(server, { timeoutMs: 120_000 });
    const world = await setUp(server.baseUrl, embeddedDatabaseUrl(dataDir));
    console.log(
      `bench:costs: ${people} closed-loop people, ${seconds} s per route, built server on embedded PostgreSQL; ` +
        `load average at start ${loadAverage()}`,
    );
    const rows = [];
    for (const route of routes(world)) {
      if (onlyRoutes && !onlyRoutes.includes(route.name)) continue;
      rows.push(await measure(server, dataDir, route, world.cast));
    }
    // COST_ROUTES=none: the mix alone.
    if (rows.length > 0) {
      const pad = (value, width) => String(value).padStart(width);
      const fixed = (value, digits = 2) => value.toFixed(digits);
      console.log(
        `\n${'route'.padEnd(16)} ${pad('mix %', 5)} ${pad('req/s', 7)} ${pad('node ms', 8)} ${pad('pg ms', 7)} ${pad('queries', 8)} ${pad('p50 ms', 7)} ${pad('p95 ms', 7)}   statuses`,
      );
      for (const row of rows) {
        console.log(
          `${row.name.padEnd(16)} ${pad(row.share, 5)} ${pad(fixed(row.perSecond, 0), 7)} ${pad(fixed(row.nodeMs), 8)} ${pad(fixed(row.postgresMs), 7)} ${pad(fixed(row.queries, 1), 8)} ${pad(fixed(row.p50, 1), 7)} ${pad(fixed(row.p95, 1), 7)}   ${row.statuses}`,
        );
      }
      const shares = rows.reduce((sum, row) => sum + row.share, 0);
      const weighted = (key) => rows.reduce((sum, row) => sum + row[key] * row.share, 0) / shares;
      const nodeMs = weighted('nodeMs');
      const postgresMs = weighted('postgresMs');
      console.log(
        `\nthe mix (weighted by share): node ${fixed(nodeMs)} ms, PostgreSQL ${fixed(postgresMs)} ms, ` +
          `${fixed(weighted('queries'), 1)} queries per request`,
      );
      console.log(
        `so one core carries at most ~${Math.round(1000 / nodeMs)} requests/s of the mix in Node and ` +
          `~${Math.round(1000 / postgresMs)} requests/s in PostgreSQL (CPU alone, no waiting)`,
      );
    }
    console.log(`load average ${loadAverage()}`);
    if (mixSeconds > 0) {
      const mixWorld = await setUpIssue32World(server.baseUrl, embeddedDatabaseUrl(dataDir), mixPeople);
      const mixRoutes = issue32Routes(mixWorld);
      console.log(
        `\nthe soak mix of issue 32: ${mixPeople} closed-loop people for ${mixSeconds} s; load average ${loadAverage()}`,
      );
      const result = await runClosedLoop({
        server,
        dataDir,
        cast: mixWorld.cast,
        seconds: mixSeconds,
        nextRoute: () => drawRoute(mixRoutes),
      });
      const alone = new Map(rows.map((row) => [row.name, row]));
      printMixTable(result, { people: mixPeople, routes: mixRoutes, alone });
    }
  } finally {
    await stopChild(server.child);
    // The server wrote its profile as it exited.
    if (process.env.COST_CPU_PROFILE) summarizeAndKeepCpuProfiles(path.join(dataDir, 'profile'));
    removeTempDir(dataDir);
  }
});
