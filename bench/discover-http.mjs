// npm run bench:discover: the discover endpoint against /api/health on the same running server
// (built server; embedded database with the demo community, or BENCH_DATABASE_URL's database),
// autocannon with 20 connections for 10 s each, and the ratio of the two throughputs: how much
// the nearest-first read with filters costs next to the cheapest route that touches the database.
// Four loads per database (decision 073):
//   health                    GET /api/health
//   signed out, one place     the same page for every request: what the cache answers
//   signed out, varied places a different point of the Austin area for every request, so almost
//                             every request misses the cache (each reads the database)
//   signed in, one place      a player's session: never cached, the read as it was before the cache
// with the server's and PostgreSQL's CPU ms per request (/proc; PostgreSQL's backends of that
// database) beside each, and the load average.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/huddle_bench_nearby npm run bench:discover
// reads bench:nearby's 1,000,000 events instead (run `BENCH_KEEP=1 npm run bench:nearby` once), and
// also its 10,000 and 100,000-event siblings (huddle_bench_nearby_10k, _100k) when they exist, for the
// cost curve (issue 32 goal 5; BENCH_DISCOVER_CURVE=0 measures the named database only).
// Prints figures and exits 0; exits 1 only when it cannot measure.
import pg from 'pg';
import {
  describeDatabase,
  embeddedDatabaseUrl,
  externalDatabaseUrl,
  requireServerBuild,
  runBench,
  signUpCookie,
  startServer,
  loadAverage,
  processCpuMs,
} from './lib/harness.mjs';
import { connections, durationSeconds, load, report } from './lib/http-load.mjs';

// Downtown Austin, where the demo community plays (and inside bench:nearby's contiguous US).
const austin = { lat: 30.2672, lng: -97.7431 };
const discoverPath = `/api/events?lat=${austin.lat}&lng=${austin.lng}&limit=20`;
const curve = process.env.BENCH_DISCOVER_CURVE !== '0';
requireServerBuild();

/** CPU ms of every PostgreSQL backend connected to the server's database, by pid (this probe's own left out). */
async function backendCpu(client) {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  // A backend that ended between the query and the read is left out (its time is lost, not negative).
  return new Map(
    rows.flatMap(({ pid }) => {
      const ms = processCpuMs(pid);
      return ms === undefined ? [] : [[pid, ms]];
    }),
  );
}

function withName(url, name) {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** The database named, and its 10k and 100k siblings when they exist, smallest first. */
async function databasesToMeasure() {
  if (!externalDatabaseUrl) return [{ label: 'embedded demo', url: undefined }];
  const name = new URL(externalDatabaseUrl).pathname.slice(1);
  const named = { label: name, url: externalDatabaseUrl };
  if (!curve) return [named];
  const client = new pg.Client({ connectionString: externalDatabaseUrl });
  await client.connect();
  try {
    const siblings = [`${name}_10k`, `${name}_100k`];
    const { rows } = await client.query('select datname from pg_database where datname = any($1)', [siblings]);
    const present = new Set(rows.map((row) => row.datname));
    return [
      ...siblings
        .filter((sibling) => present.has(sibling))
        .map((sibling) => ({ label: sibling, url: withName(externalDatabaseUrl, sibling) })),
      named,
    ];
  } finally {
    await client.end();
  }
}

/** A point within about 50 km of downtown Austin, a different one (and cache key) each call. */
function variedPath() {
  const lat = (austin.lat + (Math.random() - 0.5) * 0.9).toFixed(5);
  const lng = (austin.lng + (Math.random() - 0.5) * 0.9).toFixed(5);
  return `/api/events?lat=${lat}&lng=${lng}&limit=20`;
}

/** One load with the server's and PostgreSQL's CPU per request and the load average beside it. */
async function measure(server, probe, label, url, options = {}) {
  const nodeBefore = processCpuMs(server.child.pid);
  const postgresBefore = await backendCpu(probe);
  const result = await load(url, options.headers, options.requests);
  const nodeMs = (processCpuMs(server.child.pid) ?? Number.NaN) - nodeBefore;
  let postgresMs = 0;
  for (const [pid, ms] of await backendCpu(probe)) postgresMs += ms - (postgresBefore.get(pid) ?? 0);
  const perSecond = report(label, result);
  const total = Math.max(1, result.requests.total);
  const figures = { perSecond, nodeMs: nodeMs / total, postgresMs: postgresMs / total };
  console.log(
    `  CPU ms/request   server ${figures.nodeMs.toFixed(3)}   PostgreSQL ${figures.postgresMs.toFixed(3)}   ` +
      `(load average ${loadAverage()})`,
  );
  return figures;
}

await runBench('bench:discover', 8 * 60_000, async () => {
  console.log(
    `Discover vs health: autocannon, ${connections} connections, ${durationSeconds} s per load, 127.0.0.1 only; ` +
      `load average ${loadAverage()} (1, 5, 15 min): the machine is shared, compare ratios within one run`,
  );
  const rows = [];
  for (const database of await databasesToMeasure()) {
    const server = await startServer({ prefix: 'huddle-bench-discover-', databaseUrl: database.url });
    const probe = new pg.Client({ connectionString: database.url ?? embeddedDatabaseUrl(server.dataDir) });
    await probe.connect();
    try {
      const { rows: counted } = await probe.query(
        "select count(*)::int as events from events where cancelled_at is null and visibility = 'public'",
      );
      console.log(
        `\n=== ${database.label}: ${counted[0].events.toLocaleString('en-US')} public events ` +
          `(${describeDatabase(database.url)}), server ${server.baseUrl}`,
      );
      const check = await fetch(`${server.baseUrl}${discoverPath}`);
      const body = await check.json();
      if (check.status !== 200) throw new Error(`GET ${discoverPath} answered ${check.status}, not 200`);
      const farthest = body.events.at(-1)?.distanceKm;
      console.log(
        `GET ${discoverPath}: ${body.events.length} events in the first page` +
          (farthest === undefined ? '' : `, the farthest ${farthest.toFixed(1)} km away`),
      );
      const cookie = await signUpCookie(server.baseUrl);

      const health = await measure(server, probe, 'GET /api/health', `${server.baseUrl}/api/health`);
      const cached = await measure(
        server,
        probe,
        `signed out, one place: GET ${discoverPath}`,
        `${server.baseUrl}${discoverPath}`,
      );
      // Browsers always ask for a compressed reply: the cached body is compressed again each time.
      const compressed = await measure(
        server,
        probe,
        `signed out, one place, compressed (accept-encoding: gzip, deflate, br): GET ${discoverPath}`,
        `${server.baseUrl}${discoverPath}`,
        { headers: { 'accept-encoding': 'gzip, deflate, br' } },
      );
      const varied = await measure(
        server,
        probe,
        'signed out, a different place each request (cache misses): GET /api/events?lat=…&lng=…&limit=20',
        `${server.baseUrl}${discoverPath}`,
        { requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: variedPath() }) }] },
      );
      const signedIn = await measure(
        server,
        probe,
        `signed in (never cached): GET ${discoverPath}`,
        `${server.baseUrl}${discoverPath}`,
        { headers: { cookie } },
      );
      rows.push({ label: database.label, events: counted[0].events, health, cached, compressed, varied, signedIn });
      console.log(
        `\nratio discover / health on ${database.label}: signed out, one place ${(cached.perSecond / health.perSecond).toFixed(3)} ` +
          `(compressed ${(compressed.perSecond / health.perSecond).toFixed(3)}); ` +
          `varied places ${(varied.perSecond / health.perSecond).toFixed(3)}; signed in ${(signedIn.perSecond / health.perSecond).toFixed(3)}`,
      );
    } finally {
      await probe.end();
      await server.stop();
    }
  }

  console.log(
    `\ndiscover at each size (issue 32 goal 5), ratio to health on the same server, and CPU ms per request ` +
      `(server + PostgreSQL); load average ${loadAverage()}:`,
  );
  const cpu = (figures) => `${figures.nodeMs.toFixed(2)}+${figures.postgresMs.toFixed(2)}`.padStart(11);
  const ratio = (figures, health) => (figures.perSecond / health.perSecond).toFixed(3).padStart(6);
  console.log(
    `${'database'.padEnd(26)} ${'events'.padStart(10)}  ${'health/s'.padStart(8)}   one place (cached)    compressed            varied places         signed in`,
  );
  for (const { label, events, health, cached, compressed, varied, signedIn } of rows) {
    console.log(
      `${label.padEnd(26)} ${events.toLocaleString('en-US').padStart(10)}  ${String(Math.round(health.perSecond)).padStart(8)}` +
        `   ${ratio(cached, health)} ${cpu(cached)}    ${ratio(compressed, health)} ${cpu(compressed)}    ${ratio(varied, health)} ${cpu(varied)}    ${ratio(signedIn, health)} ${cpu(signedIn)}`,
    );
  }
  const million = rows.find((row) => row.events >= 900_000);
  if (million) {
    const value = million.cached.perSecond / million.health.perSecond;
    console.log(
      `\ngoal (issue 32 goal 3): signed-out discover >= 0.3 of health at 1,000,000 events: ${value.toFixed(3)} ` +
        `${value >= 0.3 ? 'PASS' : 'BELOW GOAL'}`,
    );
  }
});
