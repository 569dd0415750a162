import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runningEmbeddedUrl } from './db/embedded-postgres.ts';
import { freePort } from './lib/free-port.ts';
import { cookieHeaderFrom, eventBodyFor, signUpBodyFor } from './test/factories.ts';
import { exitOf, spawnServer } from './test/server-process.ts';

/**
 * The real server process (server.ts through tsx) on its own embedded PostgreSQL: SIGTERM while
 * joins are in flight and idle clients hold connections open, then a restart on the same data.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'huddle-shutdown-'));
const demoSignIn = { email: 'demo@huddle.test', password: 'huddle-demo-2026' };
const slots = 20;
const joiners = 50;

async function startServer(port: number): Promise<{ child: ChildProcess; baseUrl: string; log: () => string }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer(port, dataDir);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early: ${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, log: () => output };
}

async function post(baseUrl: string, url: string, body: unknown, cookie = '') {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
}

let running: ChildProcess | undefined;
afterAll(async () => {
  if (running && running.exitCode === null) {
    running.kill('SIGTERM');
    await exitOf(running);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('shutting the server down', () => {
  it('answers every join in flight (201, or 503 with Retry-After), exits within 10 s despite idle clients, loses no 2xx', async () => {
    const server = await startServer(await freePort());
    running = server.child;

    const organizerCookie = cookieHeaderFrom(
      (await post(server.baseUrl, '/api/auth/sign-in', demoSignIn)).headers.getSetCookie(),
    );
    const demoGames = (await (await fetch(`${server.baseUrl}/api/events?lat=30.2672&lng=-97.7431&limit=1`)).json()) as {
      events: { place: { id: string } }[];
    };
    const placeId = demoGames.events[0]!.place.id;
    const created = await post(
      server.baseUrl,
      '/api/events',
      eventBodyFor(placeId, { title: 'Shutdown drill', slots }),
      organizerCookie,
    );
    expect(created.status).toBe(201);
    const event = (await created.json()) as { id: string; next: { startsAt: string } };

    const players = await Promise.all(
      Array.from({ length: joiners }, async () => {
        const response = await post(server.baseUrl, '/api/auth/sign-up', signUpBodyFor());
        expect(response.status).toBe(201);
        return {
          cookie: cookieHeaderFrom(response.headers.getSetCookie()),
          id: ((await response.json()) as { user: { id: string } }).user.id,
        };
      }),
    );

    // Idle clients: sockets that connected and never sent a request.
    const idleSockets: Socket[] = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1', () => resolve(socket));
            socket.on('error', () => undefined);
          }),
      ),
    );

    // SIGTERM as the first join is answered: the other 49 are in flight (on the event's lock, for a
    // pool connection, in their sockets). With the default DRAIN_DELAY_MS=0 and a loaded machine,
    // 11-35 of 50 were reset (issue 30); the wedged test below holds them past the limit on purpose.
    let signalledAt = 0;
    const outcomes = await Promise.all(
      players.map(async (player) => {
        try {
          const response = await post(
            server.baseUrl,
            `/api/events/${event.id}/parties`,
            { occurrenceStartsAt: event.next.startsAt, friends: 0 },
            player.cookie,
          );
          if (!signalledAt) {
            signalledAt = performance.now();
            server.child.kill('SIGTERM');
          }
          return { player, status: response.status, retryAfter: response.headers.get('retry-after') };
        } catch (error) {
          return { player, status: 0, retryAfter: String((error as Error).cause ?? error) };
        }
      }),
    );
    const exitCode = await exitOf(server.child);
    const exitMs = performance.now() - signalledAt;
    for (const socket of idleSockets) socket.destroy();

    const count = (status: number) => outcomes.filter((outcome) => outcome.status === status).length;
    console.info(
      `shutdown: exit ${exitCode} after ${Math.round(exitMs)} ms; joins 201: ${count(201)}, 503: ${count(503)}, reset: ${count(0)}`,
    );
    // A clean exit, unless requests still running at the drain limit had to be answered 503.
    if (count(503) === 0) expect(exitCode).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    // Each request was answered: finished, or 503 with Retry-After. None was reset.
    expect(outcomes.filter((outcome) => outcome.status === 0).map((outcome) => outcome.retryAfter)).toEqual([]);
    for (const { status } of outcomes) expect([201, 503]).toContain(status);
    for (const outcome of outcomes.filter(({ status }) => status === 503)) expect(outcome.retryAfter).toBe('5');
    const succeeded = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.player.id);
    expect(succeeded.length).toBeGreaterThan(0);

    // Restart on the same DATA_DIR: every 2xx join is there, and the event is consistent.
    const restarted = await startServer(await freePort());
    running = restarted.child;
    const view = (await (
      await fetch(`${restarted.baseUrl}/api/events/${event.id}`, { headers: { cookie: organizerCookie } })
    ).json()) as {
      joiners: { userId: string; partySize: number }[];
      waitlist: { userId: string; position: number }[];
      rsvpSlots: number;
    };
    const stored = new Set([...view.joiners, ...view.waitlist].map((party) => party.userId));
    for (const id of succeeded) expect(stored.has(id)).toBe(true);
    const joinedPeople = view.joiners.reduce((sum, party) => sum + party.partySize, 0);
    expect(joinedPeople).toBeLessThanOrEqual(slots);
    expect(view.rsvpSlots).toBe(slots - joinedPeople);
    expect(view.waitlist.map((party) => party.position)).toEqual(view.waitlist.map((_, index) => index + 1));

    restarted.child.kill('SIGTERM');
    expect(await exitOf(restarted.child)).toBe(0);
    // Two server starts (the first creates the cluster and seeds) and 50 sign-ups.
  }, 180_000);

  it('ends within the drain limit while every pooled connection is stuck, answering the stuck requests 503', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // A small pool whose queries wait long for a connection: a wedge is a lock nobody releases.
    const child = spawnServer(port, dataDir, { DATABASE_POOL_MAX: '3', DATABASE_ACQUIRE_TIMEOUT_MS: '60000' });
    running = child;
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const locker = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
    await locker.connect();
    locker.on('error', () => undefined);
    try {
      await locker.query('begin');
      await locker.query('lock table events in access exclusive mode');
      const stuck = Array.from({ length: 12 }, () =>
        fetch(`${baseUrl}/api/events?lat=30.2672&lng=-97.7431`).then(
          (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after') }),
          (error: Error) => ({ status: 0, retryAfter: String(error.cause ?? error) }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const signalledAt = performance.now();
      child.kill('SIGTERM');
      const exitCode = await exitOf(child);
      const exitMs = performance.now() - signalledAt;
      const answers = await Promise.all(stuck);
      console.info(`wedged shutdown: exit ${exitCode} after ${Math.round(exitMs)} ms`);
      // The drain limit (5 s), then the embedded PostgreSQL's own fast shutdown.
      expect(exitMs).toBeLessThan(9_000);
      expect(answers).toEqual(answers.map(() => ({ status: 503, retryAfter: '5' })));
    } finally {
      await locker.end().catch(() => undefined);
    }
  }, 120_000);
});
