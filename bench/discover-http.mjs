// npm run bench:discover: the discover endpoint against /api/health on the same running server
// (built server, embedded database with the demo community), autocannon with 20 connections
// for 10 s each, and the ratio of the two throughputs: how much the nearest-first read with
// filters costs next to the cheapest route that touches the database.
// Prints figures and exits 0; exits 1 only when it cannot measure.
import { requireServerBuild, runBench, startServer } from './lib/harness.mjs';
import { connections, durationSeconds, load, report } from './lib/http-load.mjs';

// Downtown Austin, where the demo community plays.
const discoverPath = '/api/events?lat=30.2672&lng=-97.7431&limit=20';

requireServerBuild();

await runBench('bench:discover', 3 * 60_000, async () => {
  console.log(
    `Discover vs health: autocannon, ${connections} connections, ${durationSeconds} s per route, 127.0.0.1 only`,
  );
  const server = await startServer({ prefix: 'huddle-bench-discover-' });
  console.log(`server: ${server.baseUrl} (embedded database, demo data)`);

  const check = await fetch(`${server.baseUrl}${discoverPath}`);
  const body = await check.json();
  if (check.status !== 200) throw new Error(`GET ${discoverPath} answered ${check.status}, not 200`);
  console.log(`GET ${discoverPath}: ${body.events.length} events in the first page`);

  const health = report('GET /api/health', await load(`${server.baseUrl}/api/health`));
  const discover = report(`GET ${discoverPath}`, await load(`${server.baseUrl}${discoverPath}`));
  console.log(
    `\nratio discover / health: ${(discover / health).toFixed(3)} (${Math.round(discover)} / ${Math.round(health)} req/s)`,
  );
});
