// npm run bench:api: throughput and latency of two API routes on the built server
// (embedded database, loopback only), with autocannon: 20 connections for 10 s each.
//   GET /api/health  - the cheapest route with a database round trip
//   GET /api/me      - a signed-in read (session lookup + user row)
// Prints figures and exits 0; exits 1 only when it cannot measure.
import autocannon from 'autocannon';
import { requireServerBuild, runBench, signInCookie, startServer } from './lib/harness.mjs';

const connections = 20;
const durationSeconds = 10;

requireServerBuild();

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: durationSeconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // Bound each run even if a connection hangs.
    const guard = setTimeout(() => instance.stop(), (durationSeconds + 15) * 1000);
    instance.once('done', () => clearTimeout(guard));
  });
}

function report(label, result) {
  const { latency, requests } = result;
  const fixed = (value) => Number(value).toFixed(1).padStart(7);
  console.log(`\n${label}`);
  console.log(
    `  requests/s   avg ${Math.round(requests.average)}   (total ${result.requests.total} in ${result.duration.toFixed(1)} s)`,
  );
  console.log(
    `  latency ms   p50 ${fixed(latency.p50)}   p90 ${fixed(latency.p90)}   p99 ${fixed(latency.p99)}   max ${fixed(latency.max)}`,
  );
  console.log(`  non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
}

await runBench('bench:api', 3 * 60_000, async () => {
  console.log(`API latency: autocannon, ${connections} connections, ${durationSeconds} s per route, 127.0.0.1 only`);
  const server = await startServer({ prefix: 'huddle-bench-api-' });
  console.log(`server: ${server.baseUrl} (embedded database, demo data)`);

  const cookie = await signInCookie(server.baseUrl);
  const check = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`GET /api/me with the demo session answered ${check.status}, not 200`);

  report('GET /api/health', await load(`${server.baseUrl}/api/health`));
  report('GET /api/me (signed in as the demo user)', await load(`${server.baseUrl}/api/me`, { cookie }));

  await server.stop();
});
