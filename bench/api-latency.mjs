// npm run bench:api: throughput and latency of two API routes on the built server
// (embedded database, or BENCH_DATABASE_URL's; loopback only), with autocannon: 20 connections
// for 10 s each.
//   GET /api/health  - the cheapest route with a database round trip
//   GET /api/me      - a signed-in read (session lookup + user row): the demo user on the
//                      embedded database, a player signed up for the run on an external one
// Prints figures and exits 0; exits 1 only when it cannot measure.
import {
  describeDatabase,
  externalDatabaseUrl,
  requireServerBuild,
  runBench,
  signInCookie,
  signUpCookie,
  startServer,
} from './lib/harness.mjs';
import { connections, durationSeconds, load, report } from './lib/http-load.mjs';

requireServerBuild();

await runBench('bench:api', 3 * 60_000, async () => {
  console.log(`API latency: autocannon, ${connections} connections, ${durationSeconds} s per route, 127.0.0.1 only`);
  const server = await startServer({ prefix: 'huddle-bench-api-', databaseUrl: externalDatabaseUrl });
  console.log(`server: ${server.baseUrl} (${describeDatabase(externalDatabaseUrl)})`);

  const cookie = externalDatabaseUrl ? await signUpCookie(server.baseUrl) : await signInCookie(server.baseUrl);
  const who = externalDatabaseUrl ? 'a player signed up for this run' : 'the demo user';
  const check = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`GET /api/me signed in as ${who} answered ${check.status}, not 200`);

  report('GET /api/health', await load(`${server.baseUrl}/api/health`));
  report(`GET /api/me (signed in as ${who})`, await load(`${server.baseUrl}/api/me`, { cookie }));

  await server.stop();
});
