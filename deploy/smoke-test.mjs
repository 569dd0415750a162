#!/usr/bin/env node
// Smoke test of a running Huddle deployment (issue 17): every base URL given is checked for
// liveness, readiness, the web app's page, a public API call and a realtime websocket upgrade;
// then one account signed up (or signed in) through the first URL must be recognized through
// every other one, which holds only when the instances share the database and the session secret.
//
//   node deploy/smoke-test.mjs http://localhost:8080                        # through Caddy (docker compose)
//   node deploy/smoke-test.mjs http://127.0.0.1:3001 http://127.0.0.1:3002  # each instance directly
//
// By default it signs up a throwaway account (smoke-<random>@example.com); on a real deployment
// set SMOKE_EMAIL and SMOKE_PASSWORD to sign in with an existing one instead.
// Exit code 0 when every check passed, 1 otherwise. Node 20+, no dependencies.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

const bases = process.argv.slice(2).map((url) => url.replace(/\/$/, ''));
if (bases.length === 0) {
  console.error('Usage: node deploy/smoke-test.mjs <base URL> [<base URL> ...]');
  process.exit(2);
}

let failures = 0;
async function check(label, run) {
  const startedAt = performance.now();
  try {
    const detail = await run();
    console.log(`ok    ${label} (${Math.round(performance.now() - startedAt)} ms)${detail ? ` ${detail}` : ''}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL  ${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function expectStatus(response, status) {
  if (response.status !== status) throw new Error(`status ${response.status}, expected ${status}`);
}

const timeout = () => AbortSignal.timeout(10_000);

/**
 * A websocket handshake by hand (Node 20 has no WebSocket client): 101 Switching Protocols,
 * then the server's first text frame, which Huddle sends as {"type":"connected"}.
 */
function websocketGreeting(base, cookie) {
  const url = new URL('/api/realtime', base);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        cookie,
      },
      timeout: 10_000,
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      reject(new Error(`status ${response.statusCode}, expected 101`));
    });
    request.on('upgrade', (_response, socket, head) => {
      let received = head;
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('upgraded, but no greeting within 5 s'));
      }, 5_000);
      const read = (chunk) => {
        received = Buffer.concat([received, chunk]);
        // An unmasked text frame: 0x81, a 7-bit length (the greeting is short), the payload.
        if (received.length < 2 || received.length < 2 + (received[1] & 0x7f)) return;
        clearTimeout(timer);
        socket.destroy();
        const text = received.subarray(2, 2 + (received[1] & 0x7f)).toString('utf8');
        if (received[0] === 0x81 && JSON.parse(text).type === 'connected') resolve();
        else reject(new Error(`unexpected first frame: ${text}`));
      };
      socket.on('data', read);
      read(Buffer.alloc(0));
    });
    request.end();
  });
}

for (const base of bases) {
  await check(`${base} GET /api/health`, async () => {
    const response = await fetch(`${base}/api/health`, { signal: timeout() });
    expectStatus(response, 200);
    const body = await response.json();
    if (body.database !== 'ok') throw new Error(`database: ${body.database}`);
  });
  await check(`${base} GET /api/ready`, async () => {
    expectStatus(await fetch(`${base}/api/ready`, { signal: timeout() }), 200);
  });
  await check(`${base} GET / (the web app)`, async () => {
    const response = await fetch(`${base}/`, { signal: timeout() });
    expectStatus(response, 200);
    const html = await response.text();
    if (!html.includes('<div id="root"')) throw new Error('the page has no <div id="root">');
  });
  await check(`${base} GET /api/config`, async () => {
    const response = await fetch(`${base}/api/config`, { signal: timeout() });
    expectStatus(response, 200);
    await response.json();
  });
}

// One session, seen by every URL (and, behind a load balancer, by whichever instance answers).
let cookie = '';
let email = process.env.SMOKE_EMAIL ?? '';
await check(`${bases[0]} ${process.env.SMOKE_EMAIL ? 'sign in' : 'sign up a throwaway account'}`, async () => {
  const body = process.env.SMOKE_EMAIL
    ? { email, password: process.env.SMOKE_PASSWORD ?? '' }
    : {
        name: 'Smoke Test',
        email: (email = `smoke-${randomBytes(6).toString('hex')}@example.com`),
        password: `smoke ${randomBytes(12).toString('hex')}`,
      };
  const response = await fetch(`${bases[0]}/api/auth/${process.env.SMOKE_EMAIL ? 'sign-in' : 'sign-up'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: timeout(),
  });
  expectStatus(response, process.env.SMOKE_EMAIL ? 200 : 201);
  cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('no session cookie');
  return email;
});
if (cookie) {
  for (const base of bases) {
    // Several tries through a load balancer: round robin sends them to each instance in turn.
    await check(`${base} GET /api/auth/session with that cookie (x4)`, async () => {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await fetch(`${base}/api/auth/session`, { headers: { cookie }, signal: timeout() });
        expectStatus(response, 200);
        const session = await response.json();
        if (session?.user?.email !== email) throw new Error(`signed in as ${session?.user?.email ?? 'nobody'}`);
      }
    });
    await check(`${base} websocket upgrade of /api/realtime`, () => websocketGreeting(base, cookie));
  }
}

console.log(failures === 0 ? 'All smoke checks passed.' : `${failures} smoke check(s) failed.`);
process.exit(failures === 0 ? 0 : 1);
