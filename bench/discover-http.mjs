// npm run bench:discover: the discover endpoint against /api/health on the same running server
// (built server; embedded database with the demo community, or BENCH_DATABASE_URL's database),
// autocannon with 20 connections for 10 s each, and the ratio of the two throughputs: how much
// the nearest-first read with filters costs next to the cheapest route that touches the database.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/huddle_bench_nearby npm run bench:discover
// reads bench:nearby's 1,000,000 events instead (run `BENCH_KEEP=1 npm run bench:nearby` once).
// Prints figures and exits 0; exits 1 only when it cannot measure.
import { describeDatabase, externalDatabaseUrl, requireServerBuild, runBench, startServer } from './lib/harness.mjs';
import { connections, durationSeconds, load, report } from './lib/http-load.mjs';

// Downtown Austin, where the demo community plays (and inside bench:nearby's contiguous US).
const discoverPath = '/api/events?lat=30.2672&lng=-97.7431&limit=20';

requireServerBuild();

await runBench('bench:discover', 3 * 60_000, async () => {
  console.log(
    `Discover vs health: autocannon, ${connections} connections, ${durationSeconds} s per route, 127.0.0.1 only`,
  );
  const server = await startServer({ prefix: 'huddle-bench-discover-', databaseUrl: externalDatabaseUrl });
  console.log(`server: ${server.baseUrl} (${describeDatabase(externalDatabaseUrl)})`);

  const check = await fetch(`${server.baseUrl}${discoverPath}`);
  const body = await check.json();
  if (check.status !== 200) throw new Error(`GET ${discoverPath} answered ${check.status}, not 200`);
  const farthest = body.events.at(-1)?.distanceKm;
  console.log(
    `GET ${discoverPath}: ${body.events.length} events in the first page` +
      (farthest === undefined ? '' : `, the farthest ${farthest.toFixed(1)} km away`),
  );

  const health = report('GET /api/health', await load(`${server.baseUrl}/api/health`));
  const discover = report(`GET ${discoverPath}`, await load(`${server.baseUrl}${discoverPath}`));
  console.log(
    `\nratio discover / health: ${(discover / health).toFixed(3)} (${Math.round(discover)} / ${Math.round(health)} req/s)`,
  );
});
