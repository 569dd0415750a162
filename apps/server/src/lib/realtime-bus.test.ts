import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { testRedisUrl } from '../test/server-instance.ts';
import { busReady, createPostgresBus, createRedisBus, type BusMessage, type RealtimeBus } from './realtime-bus.ts';

const log = pino({ level: 'silent' });
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function query(statement: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

function collect(bus: RealtimeBus) {
  const seen: BusMessage[] = [];
  bus.onMessage((message) => seen.push(message));
  return seen;
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ping = (index: number): BusMessage => ({ kind: 'send', userIds: ['u'], event: { type: 'ping', index } });
const indexes = (seen: BusMessage[]) => seen.map((message) => (message.kind === 'send' ? message.event.index : null));

describe('the PostgreSQL bus', () => {
  it('brings a burst back to every listener, the publisher included, in order', async () => {
    const one = createPostgresBus({ connectionString: database.url }, { log });
    const two = createPostgresBus({ connectionString: database.url }, { log });
    await Promise.all([busReady(one), busReady(two)]);
    const [seenByOne, seenByTwo] = [collect(one), collect(two)];
    const burst = Array.from({ length: 500 }, (_, index) => index);
    for (const index of burst) one.publish(ping(index));
    await until(() => seenByOne.length === 500 && seenByTwo.length === 500);
    expect(indexes(seenByOne)).toEqual(burst);
    expect(indexes(seenByTwo)).toEqual(burst);
    await Promise.all([one.close(), two.close()]);
  });

  it('listens again after its connection is killed', async () => {
    const bus = createPostgresBus({ connectionString: database.url }, { log });
    await busReady(bus);
    const seen = collect(bus);
    const { rowCount } = await query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'listen huddle_realtime'`,
    );
    expect(rowCount).toBeGreaterThan(0);
    // Published until one arrives: those sent before it listens again are dropped, by design.
    let sent = 0;
    await until(() => {
      bus.publish(ping(sent++));
      return seen.length > 0;
    });
    await bus.close();
  });

  it('sends a message over the NOTIFY limit through the overflow table', async () => {
    const bus = createPostgresBus({ connectionString: database.url }, { log });
    await busReady(bus);
    const seen = collect(bus);
    bus.publish({ kind: 'send', userIds: ['u'], event: { type: 'big', text: 'x'.repeat(20_000) } });
    bus.publish(ping(1));
    await until(() => seen.length === 2);
    expect(seen.map((message) => (message.kind === 'send' ? message.event.type : null))).toEqual(['big', 'ping']);
    const { rows } = await query('select count(*)::int as count from realtime_overflow');
    expect(rows[0].count).toBe(1);
    await bus.close();
  });
});

describe('the Redis bus', () => {
  it('brings a burst back in order on the channel of its database only', async () => {
    const one = createRedisBus(testRedisUrl, 'huddle_bus_test_a', { log });
    const other = createRedisBus(testRedisUrl, 'huddle_bus_test_b', { log });
    await Promise.all([busReady(one), busReady(other)]);
    const [seen, seenByOther] = [collect(one), collect(other)];
    const burst = Array.from({ length: 200 }, (_, index) => index);
    for (const index of burst) one.publish(ping(index));
    await until(() => seen.length === 200);
    expect(indexes(seen)).toEqual(burst);
    expect(seenByOther).toEqual([]);
    await Promise.all([one.close(), other.close()]);
  });
});
