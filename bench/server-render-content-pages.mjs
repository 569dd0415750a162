// node bench/server-render-content-pages.mjs: the server render of the team, place, profile, post and
// partner pages (issue 33, decision 075's addenda), on the demo's data. Prints, each with p50/p95:
// - the first HTML response's bytes (raw and gzip), and whether it was rendered;
// - the HTTP time of the whole page (session, the page's reads, render, splice), visitor and signed in,
//   against the API reads the browser would otherwise make after loading index.html;
// with the load average before and after (the machine may be shared). SSR_PAGES_RUNS sets the runs.
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  embeddedDatabaseUrl,
  kb,
  loadAverage,
  requireServerBuild,
  runBench,
  signInCookie,
  startServer,
} from './lib/harness.mjs';

const runs = Number(process.env.SSR_PAGES_RUNS ?? 100);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const figures = (values) =>
  `p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;

/** Sequential GETs of `urls` together (the page's reads as the browser would make them: at once). */
async function timed(urls, cookie) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await Promise.all(urls.map(async (url) => (await fetch(url, { headers: cookie ? { cookie } : {} })).text()));
    times.push(performance.now() - started);
  }
  return times;
}

await runBench('bench:ssr-pages', 10 * 60_000, async () => {
  requireServerBuild();
  console.log(`load average before: ${loadAverage()}`);
  const server = await startServer({ prefix: 'huddle-bench-ssr-pages-' });
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(server.dataDir) });
  await client.connect();
  // The demo's biggest public team, the place with the most events, and one of the team's members.
  const team = (
    await client.query(
      `select t.id, min(m.user_id) as member_id from teams t join team_members m on m.team_id = t.id
       where t.visibility = 'public' group by t.id order by count(m.user_id) desc limit 1`,
    )
  ).rows[0];
  const place = (
    await client.query(
      'select p.id from places p join events e on e.place_id = p.id group by p.id order by count(*) desc limit 1',
    )
  ).rows[0];
  // The demo's post with the most replies, and its preferred partner with a team (the events page).
  const post = (
    await client.query(
      `select p.id, p.category, p.subcategory from posts p left join post_replies r on r.post_id = p.id
       where p.deleted_at is null group by p.id order by count(r.id) desc limit 1`,
    )
  ).rows[0];
  const league = (
    await client.query('select id from partners where preferred and team_id is not null order by name limit 1')
  ).rows[0];
  await client.end();
  if (!team || !place || !post || !league)
    throw new Error('the demo has no public team, no place with events, no post or no events partner');
  const cookie = await signInCookie(server.baseUrl);
  const base = server.baseUrl;
  const pages = [
    ['team', `/team/${team.id}`, ['', '/seasons', '/events', '/tournaments'].map((t) => `/api/teams/${team.id}${t}`)],
    ['place', `/places/view/${place.id}`, [`/api/places/${place.id}`, `/api/places/${place.id}/events`]],
    ['profile', `/profile/${team.member_id}`, [`/api/users/${team.member_id}/profile`]],
    ['post', `/posts/${post.category}/${post.subcategory}/${post.id}`, [`/api/posts/${post.id}`]],
    ['partner', `/partner/preferred/${league.id}`, [`/api/partners/${league.id}`]],
    ['partner events', `/partner/events/${league.id}`, [`/api/partners/${league.id}/events`]],
    // Not rendered on the server: index.html as every page was before, the baseline within one run.
    ['post board', '/posts', ['/api/posts']],
  ];

  console.log('\nFirst HTML response (bytes, as sent; gzip -6 as a proxy would send it), visitor');
  for (const [name, pagePath] of pages) {
    const html = await (await fetch(`${base}${pagePath}`)).text();
    const rendered = html.includes('id="huddle-server-render"');
    console.log(
      `  ${name.padEnd(15)} ${kb(Buffer.byteLength(html)).padStart(9)} raw, ${kb(gzipSync(html).length).padStart(8)} gzip${rendered ? ' (server-rendered)' : ' (NOT rendered)'}`,
    );
  }

  console.log(`\nWhole page over HTTP vs the page's API reads at once, ${runs} sequential runs each`);
  for (const [name, pagePath, apiPaths] of pages) {
    for (const [who, whoCookie] of [
      ['visitor', undefined],
      ['signed in', cookie],
    ]) {
      const page = figures(await timed([`${base}${pagePath}`], whoCookie));
      const api = figures(
        await timed(
          apiPaths.map((apiPath) => `${base}${apiPath}`),
          whoCookie,
        ),
      );
      console.log(`  ${`${name}, ${who}`.padEnd(26)} page ${page}; API reads ${api}`);
    }
  }
  console.log(`\nload average after: ${loadAverage()}`);
  await server.stop();
});
