// Issue 32's soak mix (goal 2): closed-loop people sending discover 15 %, event view 10 %, join
// 12 %, leave 8 %, nearby 8 %, address search 7 %, check-in 5 %, check-out 3 %, sign-in 3 %,
// full search 5 %, my events 4 %, message send 5 %, notifications 5 %, form submission 4 %,
// posts 3 %, config 3 %, over a dozen events of which some weekly series. bench:costs prices
// each route alone and then runs the whole mix; `SOAK_MIX=issue32 npm run bench:soak` runs the
// mix alone. Also the measuring helpers both use: CPU of a process from /proc, the embedded
// PostgreSQL's CPU, and the server's query counter.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { confirmEmails, demoUser, loadAverage, processCpuMs } from './harness.mjs';

export const austin = { lat: 30.2672, lng: -97.7431 };
/** The bearer token the benches start the server with, so they can read GET /metrics. */
export const metricsToken = 'bench-costs-metrics-token';
const weekMs = 7 * 24 * 60 * 60 * 1000;
/** A dozen events: eight one-off games and four weekly series of ten occurrences. */
const oneOffCount = 8;
const seriesCount = 4;
const occurrencesPerSeries = 10;

/** A process's CPU ms, 0 once it has exited (harness.mjs's processCpuMs). */
export const cpuMsOf = (pid) => processCpuMs(pid) ?? 0;

/** The embedded PostgreSQL's postmaster and every process it started (its backends). */
export function postgresCpuMs(dataDir) {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuMsOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmaster) total += cpuMsOf(Number(entry));
    } catch {
      // gone
    }
  }
  return total;
}

/** huddle_db_queries_total from GET /metrics (the server must run with METRICS_TOKEN=metricsToken). */
export async function queriesSent(baseUrl) {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await response.text();
  return Number(/^huddle_db_queries_total (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

export const cookieOf = (response) => response.setCookies.map((value) => value.split(';')[0]).join('; ');

// The simulated people share the machine's 2 cores with the server they measure. fetch (undici)
// cost them 0.4-0.9 ms of CPU more per request than node:http with a keep-alive agent (measured
// against a bare node:http server, 20 at a time): a third of what one request of the mix costs
// the server. node:http keeps their share small, as wrk or autocannon would.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function decoded(encoding, body) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

/** One request: its status, Set-Cookie values and JSON body (null when the body is not JSON). */
export function send(baseUrl, method, url, { cookie = '', body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent,
        headers: {
          ...(cookie && { cookie }),
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          origin: baseUrl,
          // As a browser (and fetch) asks: the server's compression is part of what is measured.
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          const text = decoded(response.headers['content-encoding'], Buffer.concat(chunks)).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            response: { setCookies: response.headers['set-cookie'] ?? [] },
            json: text && text.startsWith('{') ? JSON.parse(text) : null,
          });
        });
      },
    );
    // No answer in 15 s is a hang (the closed loop counts it as one), as fetch's timeout signal did.
    const timer = setTimeout(() => {
      const error = new Error(`${method} ${url}: no answer in 15 s`);
      error.name = 'TimeoutError';
      request.destroy(error);
    }, 15_000);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(payload);
  });
}

/** A demo-organizer game from 4 June 2030 at 18:00 in Austin's time zone. */
export function gameBody(title, placeId, { repeat = null, slots }) {
  return {
    title,
    gameType: 'Soccer',
    description: null,
    timeZone: 'America/Chicago',
    startLocal: '2030-06-04T18:00',
    endLocal: '2030-06-04T20:00',
    repeat,
    placeId,
    teamId: null,
    slots,
    skillLevel: 'all',
    visibility: 'public',
    priceCents: null,
    autoPromote: false,
  };
}

/** The demo organizer signed in, and the places of the demo games near Austin. */
export async function signInOrganizer(baseUrl) {
  const organizer = await send(baseUrl, 'POST', '/api/auth/sign-in', { body: demoUser });
  const demoGames = await send(baseUrl, 'GET', `/api/events?lat=${austin.lat}&lng=${austin.lng}&limit=20`);
  return {
    organizerCookie: cookieOf(organizer.response),
    organizerId: organizer.json.user.id,
    placeIds: [...new Set(demoGames.json.events.map((event) => event.place.id))],
  };
}

/** A published one-field form of the organizer's; its id. */
export async function createPublishedForm(baseUrl, organizerCookie, title) {
  const form = await send(baseUrl, 'POST', '/api/forms', {
    cookie: organizerCookie,
    body: {
      id: randomUUID(),
      teamId: null,
      title,
      fields: [{ type: 'short_text', id: 'position', label: 'Position', required: true }],
      settings: { onePerPerson: false },
    },
  });
  if (form.status !== 201) throw new Error(`could not create a form: ${form.status} ${JSON.stringify(form.json)}`);
  const published = await send(baseUrl, 'POST', `/api/forms/${form.json.id}/status`, {
    cookie: organizerCookie,
    body: { status: 'published' },
  });
  if (published.status !== 200) throw new Error(`could not publish the form: ${published.status}`);
  return form.json.id;
}

/**
 * `people` new people named after `label` ("Mix" makes "Mix Player 1", mix-1-…@example.com),
 * each signed up with a conversation with the organizer and a confirmed email.
 */
export async function signUpCast(baseUrl, databaseUrl, { people, label, organizerId }) {
  const slug = label.toLowerCase();
  const cast = [];
  for (let index = 0; index < people; index++) {
    const credentials = {
      name: `${label} Player ${index + 1}`,
      email: `${slug}-${index + 1}-${Date.now()}@example.com`,
      password: `${slug}-player-pass-${index + 1}-x`,
    };
    const signedUp = await send(baseUrl, 'POST', '/api/auth/sign-up', { body: credentials });
    if (signedUp.status !== 201) throw new Error(`sign-up failed: ${signedUp.status}`);
    const cookie = cookieOf(signedUp.response);
    const conversation = await send(baseUrl, 'POST', '/api/conversations/direct', {
      cookie,
      body: { userId: organizerId },
    });
    cast.push({ credentials, cookie, conversationId: conversation.json.id ?? conversation.json.conversation?.id });
  }
  await confirmEmails(
    baseUrl,
    databaseUrl,
    cast.map((person) => person.credentials.email),
  );
  return cast;
}

/**
 * The world the mix runs in: the demo organizer's dozen events near Austin (eight one-off
 * games, two of them with 4 spots so waitlists form, and four weekly series), a published
 * form, and `people` signed-up people with a conversation each with the organizer.
 */
export async function setUpIssue32World(baseUrl, databaseUrl, people) {
  const { organizerCookie, organizerId, placeIds } = await signInOrganizer(baseUrl);
  const events = [];
  for (let index = 0; index < oneOffCount + seriesCount; index++) {
    const series = index >= oneOffCount;
    const body = gameBody(
      series ? `Mix weekly ${index + 1 - oneOffCount}` : `Mix game ${index + 1}`,
      placeIds[index % placeIds.length],
      {
        repeat: series ? { weekdays: [2], count: occurrencesPerSeries } : null,
        slots: index < 2 ? 4 : 500,
      },
    );
    const created = await send(baseUrl, 'POST', '/api/events', { cookie: organizerCookie, body });
    if (created.status !== 201)
      throw new Error(`could not create a game: ${created.status} ${JSON.stringify(created.json)}`);
    const first = Date.parse(created.json.next.startsAt);
    // Weekly on Tuesdays from 4 June 2030: no daylight-saving change within ten weeks.
    const occurrences = Array.from({ length: series ? occurrencesPerSeries : 1 }, (_, week) =>
      new Date(first + week * weekMs).toISOString(),
    );
    events.push({ id: created.json.id, occurrences });
  }
  const formId = await createPublishedForm(baseUrl, organizerCookie, 'Mix sign-up');
  const cast = (await signUpCast(baseUrl, databaseUrl, { people, label: 'Mix', organizerId })).map((person) => ({
    ...person,
    joined: new Set(),
  }));
  return { events, placeIds, formId, cast };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Every (event, occurrence) of the world, as "eventId occurrence" keys. */
const spotsOf = (world) => world.events.flatMap((event) => event.occurrences.map((at) => `${event.id} ${at}`));

/**
 * Issue 32's routes with their shares (in %), each as the request one person sends next:
 * [method, url, body?, 'no-cookie'?]; costRow names bench:costs' row that prices it alone. A join picks an occurrence the person is not in (any, once
 * they are in all: a refusal is a request too), a leave one they are in.
 */
export function issue32Routes(world) {
  const spots = spotsOf(world);
  const joinRequest = (person, key) => {
    const [id, at] = key.split(' ');
    person.joined.add(key);
    return ['POST', `/api/events/${id}/parties`, { occurrenceStartsAt: at, friends: 0 }];
  };
  const leaveRequest = (person, key) => {
    const [id, at] = key.split(' ');
    person.joined.delete(key);
    return ['DELETE', `/api/events/${id}/parties/mine?occurrence=${encodeURIComponent(at)}`];
  };
  return [
    { name: 'discover', share: 15, request: () => ['GET', `/api/events?lat=${austin.lat}&lng=${austin.lng}&limit=20`] },
    { name: 'event view', share: 10, request: () => ['GET', `/api/events/${pick(world.events).id}`] },
    {
      name: 'join',
      share: 12,
      costRow: 'join/leave',
      request: (person) => {
        const open = spots.filter((key) => !person.joined.has(key));
        return joinRequest(person, pick(open.length > 0 ? open : spots));
      },
    },
    {
      name: 'leave',
      share: 8,
      costRow: 'join/leave',
      request: (person) => leaveRequest(person, pick(person.joined.size > 0 ? [...person.joined] : spots)),
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
      name: 'check-in',
      share: 5,
      costRow: 'check-in/out',
      request: () => ['POST', `/api/places/${pick(world.placeIds)}/check-ins`, { hours: 2 }],
    },
    { name: 'check-out', share: 3, costRow: 'check-in/out', request: () => ['DELETE', '/api/me/check-in'] },
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
    {
      name: 'full search',
      share: 5,
      request: () => ['GET', `/api/search?q=${pick(['soccer', 'mix', 'park', 'zilker'])}`],
    },
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

/** A route drawn by share. */
export function drawRoute(routes) {
  const total = routes.reduce((sum, route) => sum + route.share, 0);
  let roll = Math.random() * total;
  for (const route of routes) {
    roll -= route.share;
    if (roll < 0) return route;
  }
  return routes.at(-1);
}

/**
 * Closed loop: each person of the cast sends its next request as soon as the last is answered,
 * for `seconds`; nextRoute(person) chooses it. Returns per route name: latencies (ms, sorted)
 * and statuses; and the whole: requests, elapsed s, Node and PostgreSQL CPU ms, queries.
 * `dataDir` null: no PostgreSQL CPU (an external database).
 */
export async function runClosedLoop({ server, dataDir, cast, seconds, nextRoute }) {
  const byRoute = new Map();
  const deadline = performance.now() + seconds * 1000;
  const before = {
    node: cpuMsOf(server.child.pid),
    postgres: dataDir ? postgresCpuMs(dataDir) : 0,
    queries: await queriesSent(server.baseUrl),
    generator: process.cpuUsage(),
  };
  const started = performance.now();
  await Promise.all(
    cast.map(async (person) => {
      while (performance.now() < deadline) {
        const route = nextRoute(person);
        const [method, url, body, noCookie] = route.request(person);
        const sentAt = performance.now();
        let status;
        try {
          status = (await send(server.baseUrl, method, url, { cookie: noCookie ? '' : person.cookie, body })).status;
        } catch (error) {
          status = error?.name === 'TimeoutError' ? 'hang' : 'network';
        }
        let entry = byRoute.get(route.name);
        if (!entry) byRoute.set(route.name, (entry = { latencies: [], statuses: new Map() }));
        entry.latencies.push(performance.now() - sentAt);
        entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // The metrics scrape below is one request more: read the CPU first.
  const generator = process.cpuUsage(before.generator);
  const after = { node: cpuMsOf(server.child.pid), postgres: dataDir ? postgresCpuMs(dataDir) : 0 };
  after.queries = await queriesSent(server.baseUrl);
  for (const entry of byRoute.values()) entry.latencies.sort((a, b) => a - b);
  const requests = [...byRoute.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
  return {
    byRoute,
    requests,
    elapsed,
    nodeMs: after.node - before.node,
    postgresMs: after.postgres - before.postgres,
    queries: after.queries - before.queries,
    // The simulated people's own CPU: they share the machine's 2 cores with the server.
    generatorMs: (generator.user + generator.system) / 1000,
  };
}

export const percentileOf = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * The mix's table: per route its requests, share, p95 and statuses in the mix, beside the Node
 * CPU ms and queries one request of it costs when sent alone (`alone`, from bench:costs; empty
 * when not measured), then the whole run: requests/s, p95, and Node/PostgreSQL CPU ms and
 * queries per request over all of it, against issue 32's goal.
 */
export function printMixTable(result, { people, routes, alone = new Map() }) {
  const pad = (value, width) => String(value).padStart(width);
  const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
  console.log(
    `\n${'route (mix)'.padEnd(16)} ${pad('requests', 8)} ${pad('share', 6)} ${pad('p50 ms', 7)} ${pad('p95 ms', 7)} ${pad('node ms*', 8)} ${pad('queries*', 8)}   statuses`,
  );
  for (const route of routes) {
    const entry = result.byRoute.get(route.name);
    if (!entry) continue;
    const count = entry.latencies.length;
    const statuses = [...entry.statuses].map(([status, n]) => `${status}×${n}`).join(' ');
    const cost = alone.get(route.costRow ?? route.name);
    console.log(
      `${route.name.padEnd(16)} ${pad(count, 8)} ${pad(`${fixed((100 * count) / result.requests, 1)}%`, 6)} ${pad(fixed(percentileOf(entry.latencies, 0.5), 1), 7)} ${pad(fixed(percentileOf(entry.latencies, 0.95), 1), 7)} ${pad(fixed(cost?.nodeMs ?? Number.NaN), 8)} ${pad(fixed(cost?.queries ?? Number.NaN, 1), 8)}   ${statuses}`,
    );
  }
  if (alone.size > 0) console.log('* one request of the route sent alone (the table above), not in the mix');
  const all = [...result.byRoute.values()].flatMap((entry) => entry.latencies).sort((a, b) => a - b);
  const perSecond = result.requests / result.elapsed;
  const p95 = percentileOf(all, 0.95);
  console.log(
    `\nthe mix: ${people} closed-loop people, ${result.requests} requests in ${fixed(result.elapsed, 0)} s = ` +
      `${fixed(perSecond, 0)} req/s; p50 ${fixed(percentileOf(all, 0.5), 1)} / p95 ${fixed(p95, 1)} / p99 ${fixed(percentileOf(all, 0.99), 1)} ms`,
  );
  console.log(
    `per request of the mix: node ${fixed(result.nodeMs / result.requests)} ms CPU, ` +
      `PostgreSQL ${fixed(result.postgresMs / result.requests)} ms CPU, ${fixed(result.queries / result.requests, 1)} queries; ` +
      `the load generator ${fixed(result.generatorMs / result.requests)} ms CPU`,
  );
  console.log(
    `issue 32 goal 2 (>= 300 req/s, p95 <= 150 ms): ${perSecond >= 300 && p95 <= 150 ? 'met' : 'not met'}; ` +
      `load average ${loadAverage()} (a shared machine: compare runs by it)`,
  );
}
