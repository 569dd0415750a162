import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isCausedBy,
  openDatabase,
  openReplicaDatabase,
  ReplicaInsideTransactionError,
  type DatabaseHandle,
} from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import {
  cookieHeaderFrom,
  createTeamAs,
  eventBodyFor,
  insertPlace,
  signUpUser,
  type TestUser,
} from '../test/factories.ts';
import {
  freezePostgresServer,
  pauseReplay,
  queryServer,
  removePostgresServer,
  resumeReplay,
  startPostgresServer,
  startPrimaryServer,
  startReplicaServer,
  stopPostgresServer,
  thawPostgresServer,
  waitForReplay,
  type PostgresServer,
} from '../test/postgres-replication.ts';
import { startServerInstance, stopServerInstances, testRedisUrl } from '../test/server-instance.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { wroteRecentlyCookie } from './read-routing.ts';

/**
 * Issue 31, decision 066, on a real streaming replica (Debian's PostgreSQL 15, pg_basebackup -R):
 * stale-ok reads are answered by the replica, a client that just wrote reads from the primary,
 * and reads leave the replica while it is down or further behind than the bound.
 */
const metricsToken = 'replica-metrics-token-0123456789';
let primary: PostgresServer;
let replica: PostgresServer;
/** DATABASE_REPLICA_MAX_LAG_MS of a minute: a paused replay stays within it for these tests. */
let t: TestApp;
/** The same databases with a bound of one second: a paused replay soon passes it. */
let tight: TestApp;
let organizer: TestUser;
let placeId: string;
const austin = { lat: 30.2669, lng: -97.7729 };
/** Also the realtime scope on the shared Redis of the server-process test: one no other test uses. */
const databaseName = 'huddle_replica_reads';

async function appOn(maxLagMs: number): Promise<TestApp> {
  const handle = await openDatabase(primary.url(databaseName));
  return createTestApp(
    {
      DATABASE_URL: primary.url(databaseName),
      DATABASE_REPLICA_URL: replica.url(databaseName),
      DATABASE_REPLICA_MAX_LAG_MS: String(maxLagMs),
      SESSION_SECRET: 'replica-test-session-secret-0123456789abcdef',
      METRICS_TOKEN: metricsToken,
      // Signed-out discover, the read these tests route, is otherwise answered by the cache,
      // which reads the primary (decision 073); here it stands for every stale-ok read.
      DISCOVER_CACHE_ENTRIES: '0',
    },
    { database: { ...handle, url: primary.url(databaseName) } },
  );
}

beforeAll(async () => {
  primary = await startPrimaryServer();
  replica = await startReplicaServer(primary);
  await queryServer(primary.url(), `create database ${databaseName}`);
  await runMigrations(primary.url(databaseName));
  await waitForReplay(primary, replica);
  [t, tight] = await Promise.all([appOn(60_000), appOn(1_000)]);
  organizer = await signUpUser(t.app);
  placeId = (await insertPlace(t.db, austin)).id;
}, 180_000);

afterAll(async () => {
  await Promise.all([t?.close(), tight?.close()]);
  // Replay may have been left paused by a failed test; removal stops the servers either way.
  if (replica) await removePostgresServer(replica);
  if (primary) await removePostgresServer(primary);
});

/** A browser's cookie header without the wrote-recently marker: a client that has not written lately. */
const withoutMarker = (cookie: string) =>
  cookie
    .split('; ')
    .filter((part) => !part.startsWith(`${wroteRecentlyCookie}=`))
    .join('; ');

const get = (app: TestApp, url: string, cookie = '') =>
  app.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function readiness(app: TestApp) {
  const response = await get(app, '/api/ready');
  return {
    status: response.statusCode,
    body: response.json<{ replica?: { state: string; lagSeconds: number | null } }>(),
  };
}

/** Polls the app's readiness until its replica is in this state (the check runs every second). */
async function replicaBecomes(app: TestApp, state: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await readiness(app);
    if (body.replica?.state === state) return;
    if (Date.now() > deadline) throw new Error(`the replica stayed ${JSON.stringify(body.replica)}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function metric(app: TestApp, line: string): Promise<number> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const found = response.body.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return Number(found?.slice(line.length + 1));
}
const repliedFromReplica = (app: TestApp) => metric(app, 'huddle_stale_ok_reads_total{database="replica"}');

const discoverTitles = async (app: TestApp, cookie = '') => {
  const response = await get(app, `/api/events?lat=${austin.lat}&lng=${austin.lng}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ events: { title: string }[] }>().events.map((event) => event.title);
};

/** A game made through the API by the organizer; returns it and the reply's cookie header. */
async function createGame(title: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: withoutMarker(organizer.cookie) },
    payload: eventBodyFor(placeId, { title }),
  });
  expect(response.statusCode).toBe(201);
  const event = response.json<{ id: string; next: { startsAt: string } }>();
  return { id: event.id, startsAt: event.next.startsAt, cookie: markerOf(response) };
}

/** The wrote-recently cookie a write's reply sets, as the browser sends it back. */
function markerOf(response: LightMyRequestResponse): string {
  const marker = cookieHeaderFrom(response.headers['set-cookie'])
    .split('; ')
    .find((part) => part.startsWith(`${wroteRecentlyCookie}=`));
  expect(marker).toBeDefined();
  return marker!;
}

describe('stale-ok reads', () => {
  it('are answered by the replica: a visitor does not see a game the replica has not replayed, its maker does', async () => {
    await replicaBecomes(t, 'in-use');
    await pauseReplay(replica);
    try {
      const game = await createGame('Replica paused scrimmage');
      // A visitor, and the organizer on a device that did not write: the replica, without the game.
      expect(await discoverTitles(t)).not.toContain('Replica paused scrimmage');
      expect(await discoverTitles(t, withoutMarker(organizer.cookie))).not.toContain('Replica paused scrimmage');
      const search = await get(t, '/api/search?q=paused%20scrimmage');
      expect(JSON.stringify(search.json())).not.toContain('Replica paused scrimmage');
      const placeEvents = await get(t, `/api/places/${placeId}/events`);
      expect(JSON.stringify(placeEvents.json())).not.toContain('Replica paused scrimmage');
      // The browser that made it carries the marker: its reads go to the primary.
      expect(await discoverTitles(t, `${withoutMarker(organizer.cookie)}; ${game.cookie}`)).toContain(
        'Replica paused scrimmage',
      );
      // A link shared the moment the game was made: the replica's "not found" is checked on the primary.
      const page = await get(t, `/api/events/${game.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.json<{ event: { title: string } }>().event.title).toBe('Replica paused scrimmage');
    } finally {
      await resumeReplay(replica);
    }
    await waitForReplay(primary, replica);
    expect(await discoverTitles(t)).toContain('Replica paused scrimmage');
  });

  it('all answer on the replica (none of them writes), for visitors and, for lists, signed-in people', async () => {
    const team = await createTeamAs(t.app, withoutMarker(organizer.cookie), { name: 'Replica Rovers' });
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/websites',
      headers: { cookie: withoutMarker(organizer.cookie) },
      payload: { template: 'club', teamId: team.id },
    });
    expect(site.statusCode).toBe(201);
    const siteId = site.json<{ id: string }>().id;
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/websites/${siteId}/publish`,
      headers: { cookie: withoutMarker(organizer.cookie) },
      payload: { published: true },
    });
    expect(published.statusCode).toBe(200);
    const game = await createGame('Replica tour game');
    await waitForReplay(primary, replica);
    await replicaBecomes(t, 'in-use');

    const signedIn = withoutMarker(organizer.cookie);
    const reads: [string, string][] = [
      [`/api/events?lat=${austin.lat}&lng=${austin.lng}`, ''],
      [`/api/events?lat=${austin.lat}&lng=${austin.lng}`, signedIn],
      [`/api/events/nearby?lat=${austin.lat}&lng=${austin.lng}`, ''],
      ['/api/search?q=replica', ''],
      ['/api/search?q=replica', signedIn],
      [`/api/users/nearby?lat=${austin.lat}&lng=${austin.lng}`, signedIn],
      ['/api/places?south=30&west=-98&north=31&east=-97', ''],
      [`/api/places/${placeId}`, ''],
      [`/api/places/${placeId}/events`, ''],
      [`/api/events/${game.id}`, ''],
      [`/api/teams/${team.id}`, ''],
      [`/api/teams/${team.id}/events`, ''],
      [`/api/websites/${siteId}`, ''],
      [`/api/teams/${team.id}/website`, ''],
    ];
    const before = await repliedFromReplica(t);
    for (const [url, cookie] of reads) expect([url, (await get(t, url, cookie)).statusCode]).toEqual([url, 200]);
    expect((await repliedFromReplica(t)) - before).toBe(reads.length);

    // A signed-in person's own view of a page carries their state: the primary.
    const primaryBefore = await metric(t, 'huddle_stale_ok_reads_total{database="primary"}');
    expect((await get(t, `/api/events/${game.id}`, signedIn)).statusCode).toBe(200);
    expect(await metric(t, 'huddle_stale_ok_reads_total{database="primary"}')).toBe(primaryBefore + 1);
    expect(await repliedFromReplica(t)).toBe(before + reads.length);
  });

  it('never run on the replica inside a transaction on the primary', async () => {
    const replicaPool: DatabaseHandle = openReplicaDatabase(replica.url(databaseName), t.db);
    try {
      const inside = t.db.transaction(async () => replicaPool.db.execute(sql`select 1`));
      await expect(inside).rejects.toSatisfy((error) => isCausedBy(error, ReplicaInsideTransactionError));
      // Outside one it reads, and cannot write.
      expect((await replicaPool.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
      await expect(replicaPool.db.execute(sql`create table replica_write_probe (id int)`)).rejects.toThrow();
    } finally {
      await replicaPool.close();
    }
  });
});

describe('read-your-writes', () => {
  it('a guest who joins, and a player who joins, see themselves on the game page while the replica lags behind', async () => {
    const game = await createGame('Replica join night');
    await waitForReplay(primary, replica);
    await replicaBecomes(t, 'in-use');
    await pauseReplay(replica);
    try {
      // A guest: no session, only the marker set by the join's reply.
      const join = await t.app.inject({
        method: 'POST',
        url: `/api/events/${game.id}/parties`,
        remoteAddress: '203.0.113.31',
        payload: {
          occurrenceStartsAt: game.startsAt,
          friends: 0,
          guest: { name: 'Gia Guest', email: 'gia@example.com' },
        },
      });
      expect(join.statusCode).toBe(201);
      const guestView = await get(t, `/api/events/${game.id}`, markerOf(join));
      expect(
        guestView.json<{ joiners: { displayName: string }[] }>().joiners.map((party) => party.displayName),
      ).toContain('Gia Guest');
      // Anyone else is served by the paused replica, which has not seen the join.
      const strangerView = await get(t, `/api/events/${game.id}`);
      expect(
        strangerView.json<{ joiners: { displayName: string }[] }>().joiners.map((party) => party.displayName),
      ).not.toContain('Gia Guest');

      // A signed-in player: their own page is read from the primary, marker or not (another tab).
      const player = await signUpUser(t.app);
      const playerJoin = await t.app.inject({
        method: 'POST',
        url: `/api/events/${game.id}/parties`,
        headers: { cookie: withoutMarker(player.cookie) },
        payload: { occurrenceStartsAt: game.startsAt, friends: 0 },
      });
      expect(playerJoin.statusCode).toBe(201);
      const playerView = await get(t, `/api/events/${game.id}`, withoutMarker(player.cookie));
      expect(playerView.json<{ myParty: { status: string } | null }>().myParty?.status).toBe('joined');
    } finally {
      await resumeReplay(replica);
    }
  });
});

describe('falling back to the primary', () => {
  it('while the replica is stopped, reads answer from the primary and readiness holds; after a restart the replica serves again', async () => {
    await replicaBecomes(t, 'in-use');
    await stopPostgresServer(replica);
    try {
      // Before the check has noticed: the read fails on the replica and is answered from the primary.
      const game = await createGame('Replica outage match');
      expect(await discoverTitles(t)).toContain('Replica outage match');
      await replicaBecomes(t, 'down');
      expect(await readiness(t)).toEqual({
        status: 200,
        body: { status: 'ready', replica: { state: 'down', lagSeconds: null } },
      });
      expect(await metric(t, 'huddle_replica_in_use')).toBe(0);
      const before = await repliedFromReplica(t);
      expect((await get(t, `/api/events/${game.id}`)).statusCode).toBe(200);
      expect(await discoverTitles(t)).toContain('Replica outage match');
      expect(await repliedFromReplica(t)).toBe(before);
    } finally {
      await startPostgresServer(replica);
    }
    await replicaBecomes(t, 'in-use');
    expect(await metric(t, 'huddle_replica_in_use')).toBe(1);
    // Serving again: a game it has not replayed is not in a visitor's list.
    await pauseReplay(replica);
    try {
      await createGame('Replica after restart');
      expect(await discoverTitles(t)).not.toContain('Replica after restart');
    } finally {
      await resumeReplay(replica);
    }
  });

  it('while the replica is frozen (no answer, connections left open), reads answer from the primary', async () => {
    await waitForReplay(primary, replica);
    await replicaBecomes(t, 'in-use');
    const game = await createGame('Replica frozen final');
    await freezePostgresServer(replica);
    try {
      // Whether this one waits for the replica's read timeout or the check has already left it.
      expect(await discoverTitles(t)).toContain('Replica frozen final');
      await replicaBecomes(t, 'down');
      expect((await readiness(t)).status).toBe(200);
      expect((await get(t, `/api/events/${game.id}`)).statusCode).toBe(200);
    } finally {
      await thawPostgresServer(replica);
    }
    await replicaBecomes(t, 'in-use');
  });

  it('while the replica is further behind than the bound, reads go to the primary, and back once it catches up', async () => {
    await waitForReplay(primary, replica);
    await replicaBecomes(tight, 'in-use');
    await pauseReplay(replica);
    try {
      await createGame('Replica lag derby');
      await replicaBecomes(tight, 'lagging');
      expect((await readiness(tight)).status).toBe(200);
      expect((await readiness(tight)).body.replica?.lagSeconds).toBeGreaterThan(1);
      expect(await metric(tight, 'huddle_replica_in_use')).toBe(0);
      // The tight app reads from the primary; the app that allows a minute still uses the replica.
      expect(await discoverTitles(tight)).toContain('Replica lag derby');
      expect(await discoverTitles(t)).not.toContain('Replica lag derby');
    } finally {
      await resumeReplay(replica);
    }
    await replicaBecomes(tight, 'in-use');
    expect(await metric(tight, 'huddle_replica_lag_seconds')).toBeLessThan(1);
    const before = await repliedFromReplica(tight);
    expect(await discoverTitles(tight)).toContain('Replica lag derby');
    expect(await repliedFromReplica(tight)).toBe(before + 1);
  });
});

describe('a server process with DATABASE_REPLICA_URL', () => {
  it('starts, reads from the replica, says so in /api/ready and stops cleanly on SIGTERM', async () => {
    const server = await startServerInstance({
      databaseUrl: primary.url(databaseName),
      redisUrl: testRedisUrl,
      sessionSecret: 'replica-test-session-secret-0123456789abcdef',
      publicOrigin: 'http://127.0.0.1',
      env: { DATABASE_REPLICA_URL: replica.url(databaseName), DISCOVER_CACHE_ENTRIES: '0' },
    });
    try {
      const deadline = Date.now() + 30_000;
      let ready: { status?: string; replica?: { state: string } } = {};
      while (ready.replica?.state !== 'in-use' && Date.now() < deadline) {
        ready = (await (await fetch(`${server.baseUrl}/api/ready`)).json()) as typeof ready;
        if (ready.replica?.state !== 'in-use') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toMatchObject({ status: 'ready', replica: { state: 'in-use' } });
      await pauseReplay(replica);
      try {
        await createGame('Replica process cup');
        const discover = await fetch(`${server.baseUrl}/api/events?lat=${austin.lat}&lng=${austin.lng}`);
        expect(discover.status).toBe(200);
        expect(await discover.text()).not.toContain('Replica process cup');
      } finally {
        await resumeReplay(replica);
      }
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      await stopServerInstances();
      expect(await exited).toBe(0);
    } finally {
      await stopServerInstances();
    }
  }, 120_000);
});
