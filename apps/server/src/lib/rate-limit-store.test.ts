import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnRedis, stopOwnRedises, type OwnRedis } from '../test/own-redis.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startServerInstance, stopServerInstances, type ServerInstance } from '../test/server-instance.ts';

/**
 * Issue 31, decision 067: the rate limits hold across instances. Three real server processes on
 * one database and one Redis (a redis-server of this file's own, as it is killed here): the
 * guest-join and sign-in limits count every instance's requests together, and while Redis is
 * down every request is still answered, limited per instance, until Redis is back and the
 * counting is shared again.
 */
const authMax = 4;
const guestMax = 3;
let redis: OwnRedis;
let redisClient: Redis;
let database: TestDatabase;
let instances: ServerInstance[];
let addressCount = 0;
/** A client address of its own for each run of requests (TRUST_PROXY: Caddy's X-Forwarded-For). */
const nextAddress = () => `198.51.100.${(addressCount += 1)}`;

beforeAll(async () => {
  redis = await startOwnRedis();
  redisClient = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => 100 });
  redisClient.on('error', () => undefined);
  database = await createTestDatabase();
  const sessionSecret = randomBytes(24).toString('hex');
  instances = await Promise.all(
    [1, 2, 3].map(() =>
      startServerInstance({
        databaseUrl: database.url,
        redisUrl: redis.url,
        sessionSecret,
        publicOrigin: 'http://huddle.test',
        env: { AUTH_RATE_LIMIT_MAX: String(authMax), GUEST_RATE_LIMIT_MAX: String(guestMax), TRUST_PROXY: 'true' },
      }),
    ),
  );
}, 180_000);

afterAll(async () => {
  await stopServerInstances();
  redisClient?.disconnect();
  await stopOwnRedises();
  await database?.close();
}, 60_000);

const databaseName = () => new URL(database.url).pathname.slice(1);

/** A sign-in with an unknown email: refused (404), and counted like any other. */
async function signIn(instance: ServerInstance, address: string) {
  const response = await fetch(`${instance.baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://huddle.test', 'x-forwarded-for': address },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' }),
  });
  return response.status;
}

/** A guest joining a game: the limit is counted before the game is looked up (so 404 until then). */
async function guestJoin(instance: ServerInstance, address: string) {
  const response = await fetch(`${instance.baseUrl}/api/events/${randomUUID()}/parties`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://huddle.test', 'x-forwarded-for': address },
    body: JSON.stringify({
      occurrenceStartsAt: new Date(Date.now() + 86_400_000).toISOString(),
      guest: { name: 'Guest Player', email: `guest-${randomUUID()}@example.com` },
    }),
  });
  return response.status;
}

/** Sends `count` requests from one address, turn by turn through the instances; their statuses. */
async function roundRobin(count: number, request: (instance: ServerInstance) => Promise<number>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push(await request(instances[index % 3]!));
  return statuses;
}

describe('rate limits across three instances sharing one Redis', () => {
  it('lets through the guest-join limit once, not once per instance: the next join through any instance is refused', async () => {
    const address = nextAddress();
    const statuses = await roundRobin(guestMax + 3, (instance) => guestJoin(instance, address));
    expect(statuses.slice(0, guestMax)).toEqual(Array(guestMax).fill(404));
    expect(statuses.slice(guestMax)).toEqual([429, 429, 429]);
    // Another address is counted on its own.
    expect(await guestJoin(instances[2]!, nextAddress())).toBe(404);
  });

  it('lets through the sign-in limit once across the instances', async () => {
    const address = nextAddress();
    const statuses = await roundRobin(authMax + 3, (instance) => signIn(instance, address));
    expect(statuses.slice(0, authMax)).toEqual(Array(authMax).fill(404));
    expect(statuses.slice(authMax)).toEqual([429, 429, 429]);
  });

  it("keeps the counters under this database's prefix in Redis", async () => {
    const keys = await redisClient.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys.filter((each) => each.includes('rate-limit'))) {
      expect(key.startsWith(`huddle:${databaseName()}:rate-limit:`)).toBe(true);
    }
  });

  it('answers every request while Redis is down, limited per instance, and shares the counting again once it is back', async () => {
    await redis.stop();
    const address = nextAddress();
    // Each instance counts on its own now: the limit holds per instance, never lifted, never a 500.
    for (const instance of instances) {
      const statuses: number[] = [];
      for (let index = 0; index < authMax + 1; index += 1) statuses.push(await signIn(instance, address));
      expect(statuses).toEqual([...Array(authMax).fill(404), 429]);
    }
    const guestAddress = nextAddress();
    const guestStatuses = [];
    for (let index = 0; index < guestMax + 1; index += 1)
      guestStatuses.push(await guestJoin(instances[0]!, guestAddress));
    expect(guestStatuses).toEqual([...Array(guestMax).fill(404), 429]);

    await redis.start();
    // Each instance is back on Redis once a request it counts shows up there (it reconnects by itself).
    for (const instance of instances) {
      const probe = nextAddress();
      // Sign-in counts in its group with the HTML form's posts (issue 33); the plugin adds the group to the address.
      const key = `huddle:${databaseName()}:rate-limit:group:auth-sign-in:${probe}auth-sign-in`;
      for (let attempt = 0; attempt < 100 && (await redisClient.exists(key)) === 0; attempt += 1) {
        expect([404, 429]).toContain(await signIn(instance, probe));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await redisClient.exists(key)).toBe(1);
    }
    const shared = nextAddress();
    const statuses = await roundRobin(authMax + 3, (instance) => signIn(instance, shared));
    expect(statuses).toEqual([...Array(authMax).fill(404), 429, 429, 429]);
  }, 60_000);
});
