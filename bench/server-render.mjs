// npm run bench:ssr: the server render of an event page (issue 33, decision 075). Prints
// - the first HTML response's bytes (raw and gzip) of an event page, against /discover (not rendered);
// - the HTTP time of the whole page (session, event read, render, splice), visitor and signed in;
// - the render alone (React Router's static handler + React), in this process, from the same data;
// each as p50/p95, with the load average (the machine may be shared).
// BENCH_DATABASE_URL runs it on an existing database instead (issue 33's figure is at 1 M events:
// bench:nearby's `BENCH_KEEP=1` database), with a player signed up for the run as the signed-in person.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  describeDatabase,
  embeddedDatabaseUrl,
  externalDatabaseUrl,
  kb,
  loadAverage,
  repoRoot,
  requireServerBuild,
  runBench,
  signInCookie,
  signUpCookie,
  startServer,
} from './lib/harness.mjs';

const entryPath = path.join(repoRoot, 'apps/web/dist/.ssr/entry-server.mjs');
const httpRuns = Number(process.env.SSR_HTTP_RUNS ?? 200);
const renderRuns = Number(process.env.SSR_RENDER_RUNS ?? 300);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const figures = (values) =>
  `p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;

async function timedGets(url, cookie) {
  const times = [];
  for (let run = 0; run < httpRuns; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    await response.text();
    times.push(performance.now() - started);
  }
  return times;
}

await runBench('bench:ssr', 10 * 60_000, async () => {
  requireServerBuild();
  if (!existsSync(entryPath)) throw new Error(`no server render bundle at ${entryPath}: run npm run build`);
  console.log(`load average before: ${loadAverage()}`);
  const server = await startServer({ prefix: 'huddle-bench-ssr-', databaseUrl: externalDatabaseUrl });
  const databaseUrl = externalDatabaseUrl ?? embeddedDatabaseUrl(server.dataDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: counted } = await client.query('select count(*)::int as events from events');
  const { rows } = await client.query(
    "select id from events where visibility = 'public' and cancelled_at is null order by created_at limit 1",
  );
  await client.end();
  const eventId = rows[0]?.id;
  if (!eventId) throw new Error('the database has no public event');
  console.log(`${describeDatabase(externalDatabaseUrl)}: ${counted[0].events.toLocaleString('en-US')} events`);
  const cookie = externalDatabaseUrl ? await signUpCookie(server.baseUrl) : await signInCookie(server.baseUrl);
  const eventUrl = `${server.baseUrl}/discover/events/${eventId}`;

  console.log('\nFirst HTML response (bytes, as sent; gzip -6 as a proxy would send it)');
  for (const [name, url, who] of [
    ['event page, visitor', eventUrl, undefined],
    ['event page, signed in', eventUrl, cookie],
    ['/discover, visitor (index.html)', `${server.baseUrl}/discover`, undefined],
  ]) {
    const html = await (await fetch(url, { headers: who ? { cookie: who } : {} })).text();
    const rendered = html.includes('id="huddle-server-render"');
    console.log(
      `  ${name.padEnd(34)} ${kb(Buffer.byteLength(html)).padStart(9)} raw, ${kb(gzipSync(html).length).padStart(8)} gzip${rendered ? ' (server-rendered)' : ''}`,
    );
  }

  console.log(`\nWhole page over HTTP, ${httpRuns} sequential GETs each (session, event read, render, splice)`);
  console.log(`  event page, visitor      ${figures(await timedGets(eventUrl))}`);
  console.log(`  event page, signed in    ${figures(await timedGets(eventUrl, cookie))}`);
  console.log(`  /discover (not rendered) ${figures(await timedGets(`${server.baseUrl}/discover`))}`);
  console.log(`  GET /api/events/{id}     ${figures(await timedGets(`${server.baseUrl}/api/events/${eventId}`))}`);

  // The render alone: the same entry the server loads, with the API's replies as its sources.
  const importStarted = performance.now();
  const entry = await import(pathToFileURL(entryPath).href);
  const importMs = performance.now() - importStarted;
  const view = await (await fetch(`${server.baseUrl}/api/events/${eventId}`)).json();
  const sources = { session: { user: null }, event: async () => view, request: { language: null, pickedCity: null } };
  const url = `/discover/events/${eventId}`;
  for (let run = 0; run < 20; run += 1) await entry.renderPage(url, sources);
  const renders = [];
  for (let run = 0; run < renderRuns; run += 1) {
    const started = performance.now();
    const page = await entry.renderPage(url, sources);
    renders.push(performance.now() - started);
    if (!page) throw new Error('the event page did not render');
  }
  console.log(`\nRender alone (static handler + React), ${renderRuns} runs after 20 warm-up, visitor`);
  console.log(`  ${figures(renders)}; loading the bundle took ${Math.round(importMs)} ms`);
  console.log(`\nload average after: ${loadAverage()}`);
  await server.stop();
});
