// npm run bench:sockets: N signed-in people hold a realtime socket each on one built server;
// events go to random people at a steady rate through the realtime bus, as another instance's
// realtime.send would publish them (decision 025). Prints delivery latency p50/p95/p99 (publish
// to receipt; goal p95 ≤ 100 ms) and the server's memory per socket (RSS delta / N).
//
//   SOCKETS=5000 RATE=200 SECONDS=20 npm run bench:sockets      (embedded PostgreSQL, LISTEN/NOTIFY)
//   SOCKETS_BUS=redis REDIS_URL=redis://127.0.0.1:6379 npm run bench:sockets   (Redis pub/sub)
//   BENCH_DATABASE_URL=postgres://…/huddle_bench npm run bench:sockets      (an external database)
//
// People and sessions are written straight into the database (argon2 sign-ups would take
// minutes); the session cookie is signed as Better Auth signs it, checked first against a real
// sign-up. Nothing here is a route of the server.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { externalDatabaseUrl, requireServerBuild, runBench, startServer } from './lib/harness.mjs';

const socketCount = Number(process.env.SOCKETS ?? 5000);
const rate = Number(process.env.RATE ?? 200);
const seconds = Number(process.env.SECONDS ?? 20);
const busKind = process.env.SOCKETS_BUS === 'redis' ? 'redis' : 'postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const openConcurrency = 100;
const sessionSecret = randomBytes(32).toString('hex');

requireServerBuild();

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value) => `${value.toFixed(1)} ms`;

/** The server's resident memory in bytes (Linux /proc). */
function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** The embedded PostgreSQL's address while the server runs (as `npm run db:url` finds it). */
function embeddedUrl(dataDir) {
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/huddle`;
}

/** Better Auth's signed cookie value: token.base64(HMAC-SHA256(secret, token)), URI-encoded. */
const signedToken = (token) =>
  encodeURIComponent(`${token}.${createHmac('sha256', sessionSecret).update(token).digest('base64')}`);

async function signUpOne(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Socket',
      email: `bench-${randomUUID()}@huddle.test`,
      password: `bench-${randomUUID()}`,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='));
  const [name, value] = cookie.split(';')[0].split('=');
  return { cookieName: name, cookieValue: value };
}

/** N people with a session each, in two statements. */
async function seedPeople(client, count) {
  const ids = Array.from({ length: count }, () => randomUUID());
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  await client.query(
    `insert into users (id, name, email, email_verified)
     select id, 'Bench ' || ordinality, 'bench-' || id || '@huddle.test', true
     from unnest($1::text[]) with ordinality as t(id, ordinality)`,
    [ids],
  );
  await client.query(
    `insert into sessions (id, token, user_id, expires_at)
     select gen_random_uuid()::text, token, id, now() + interval '1 day'
     from unnest($1::text[], $2::text[]) as t(id, token)`,
    [ids, tokens],
  );
  return ids.map((id, index) => ({ id, token: tokens[index] }));
}

function openSocket(wsUrl, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers: { cookie } });
    const timer = setTimeout(() => reject(new Error('no greeting within 30 s')), 30_000);
    socket.on('message', (data) => {
      const event = JSON.parse(String(data));
      if (event.type === 'connected') {
        clearTimeout(timer);
        resolve(socket);
      } else onEvent(event);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

await runBench('bench:sockets', 15 * 60_000, async () => {
  console.log(`bench:sockets: ${socketCount} sockets, ${rate} events/s for ${seconds} s, ${busKind} bus`);
  const server = await startServer({
    prefix: 'huddle-bench-sockets-',
    databaseUrl: externalDatabaseUrl,
    env: { SESSION_SECRET: sessionSecret, SEED_DEMO: 'false', ...(busKind === 'redis' && { REDIS_URL: redisUrl }) },
  });
  const databaseUrl = externalDatabaseUrl ?? embeddedUrl(server.dataDir);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  // The cookie scheme, checked against a real sign-up before trusting it for N people.
  const real = await signUpOne(server.baseUrl);
  const token = decodeURIComponent(real.cookieValue).split('.')[0];
  if (signedToken(token) !== real.cookieValue) throw new Error('session cookie signing differs from Better Auth');

  const people = await seedPeople(db, socketCount);
  const wsUrl = `${server.baseUrl.replace('http', 'ws')}/api/realtime`;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssBefore = rssOf(server.child.pid);

  const latencies = [];
  let received = 0;
  const onEvent = (event) => {
    if (event.type !== 'bench') return;
    received += 1;
    latencies.push(now() - event.sentAt);
  };
  const sockets = [];
  const openStarted = performance.now();
  for (let index = 0; index < people.length; index += openConcurrency) {
    const batch = people.slice(index, index + openConcurrency);
    sockets.push(
      ...(await Promise.all(
        batch.map((person) => openSocket(wsUrl, `${real.cookieName}=${signedToken(person.token)}`, onEvent)),
      )),
    );
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  await sleep(2000);
  const rssAfter = rssOf(server.child.pid);
  console.log(`  ${sockets.length} sockets open in ${openSeconds.toFixed(1)} s`);

  // Publish as another instance's realtime.send would (lib/realtime-bus.ts wire format).
  const redis = busKind === 'redis' ? new Redis(redisUrl) : undefined;
  const scope = new URL(databaseUrl).pathname.slice(1);
  // One connection, one query at a time: the order a server instance's publisher keeps.
  let publishing = Promise.resolve();
  const publish = (payload) =>
    redis
      ? redis.publish(`huddle:realtime:${scope}`, payload)
      : (publishing = publishing.then(() => db.query('select pg_notify($1, $2)', ['huddle_realtime', payload])));
  const total = rate * seconds;
  const intervalMs = 1000 / rate;
  const sendStarted = performance.now();
  const inFlight = [];
  for (let index = 0; index < total; index += 1) {
    const due = sendStarted + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const person = people[Math.floor(Math.random() * people.length)];
    const message = { kind: 'send', userIds: [person.id], event: { type: 'bench', sentAt: now() } };
    inFlight.push(publish(JSON.stringify([message])));
  }
  await Promise.all(inFlight);
  const deadline = Date.now() + 10_000;
  while (received < total && Date.now() < deadline) await sleep(50);

  latencies.sort((a, b) => a - b);
  const perSocket = (rssAfter - rssBefore) / sockets.length;
  console.log(`  delivered ${received} of ${total} events (${(total / seconds).toFixed(0)}/s)`);
  console.log(
    `  latency p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );
  console.log(`  goal p95 ≤ 100 ms: ${percentile(latencies, 0.95) <= 100 ? 'PASS' : 'ABOVE GOAL'}`);
  console.log(
    `  server RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB → ${(rssAfter / 2 ** 20).toFixed(0)} MB: ${(perSocket / 1024).toFixed(1)} KB per socket`,
  );

  // Figures from a shared machine mean little without how busy it was.
  console.log(
    `  machine: ${cpus().length} cores, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}`,
  );

  for (const socket of sockets) socket.terminate();
  redis?.disconnect();
  await db.end();
  return received === total ? 0 : 1;
});
