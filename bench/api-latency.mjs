// npm run bench:api: throughput and latency of two API routes on the built server
// (embedded database, loopback only), with autocannon: 20 connections for 10 s each.
//   GET /api/health  - the cheapest route with a database round trip
//   GET /api/me      - a signed-in read (session lookup + user row)
// Prints figures and exits 0; exits 1 only when it cannot measure.
import { requireServerBuild, runBench, signInCookie, startServer } from './lib/harness.mjs';
import { connections, durationSeconds, load, report } from './lib/http-load.mjs';

requireServerBuild();

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
