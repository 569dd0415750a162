// npm run bench:discover: the discover endpoint against /api/health on the same running server
// (built server, embedded database with the demo community), autocannon with 20 connections
// for 10 s each, and the ratio of the two throughputs: how much the nearest-first read with
// filters costs next to the cheapest route that touches the database.
// Prints figures and exits 0; exits 1 only when it cannot measure.
import autocannon from 'autocannon';
import { requireServerBuild, runBench, startServer } from './lib/harness.mjs';

const connections = 20;
const durationSeconds = 10;
// Downtown Austin, where the demo community plays.
const discoverPath = '/api/events?lat=30.2672&lng=-97.7431&limit=20';

requireServerBuild();

function load(url) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: durationSeconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    const guard = setTimeout(() => instance.stop(), (durationSeconds + 15) * 1000);
    instance.once('done', () => clearTimeout(guard));
  });
}

function report(label, result) {
  const { latency, requests } = result;
  const fixed = (value) => Number(value).toFixed(1).padStart(7);
  console.log(`\n${label}`);
  console.log(
    `  requests/s   avg ${Math.round(requests.average)}   (total ${requests.total} in ${result.duration.toFixed(1)} s)`,
  );
  console.log(
    `  latency ms   p50 ${fixed(latency.p50)}   p90 ${fixed(latency.p90)}   p99 ${fixed(latency.p99)}   max ${fixed(latency.max)}`,
  );
  console.log(`  non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
  return requests.average;
}

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
