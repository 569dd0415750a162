import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOwnRedis, stopOwnRedises, type OwnRedis } from '../test/own-redis.ts';
import { createAddressSlots, type AddressSlots } from './address-slots.ts';
import { createSharedStateRedis } from './shared-state-redis.ts';

/**
 * Decision 067: the signed-out socket slots of one address are counted across instances (two
 * slot stores, each with its own connection as two instances have, on one Redis of the test's
 * own), each instance alone while Redis is down, and together again once it is back.
 */
const max = 3;
let redis: OwnRedis;
const connections: Redis[] = [];
const stores: AddressSlots[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
});
afterAll(async () => {
  for (const store of stores) store.close();
  for (const connection of connections) connection.disconnect();
  await stopOwnRedises();
});

async function instance() {
  const connection = createSharedStateRedis(redis.url, pino({ level: 'silent' }));
  connections.push(connection);
  await new Promise<void>((resolve) => (connection.status === 'ready' ? resolve() : connection.once('ready', resolve)));
  const store = createAddressSlots({ redis: connection, keyPrefix: 'huddle:slots-test:', max, renewMs: 100 });
  stores.push(store);
  return { connection, store };
}

const ready = (connection: Redis) =>
  new Promise<void>((resolve) => (connection.status === 'ready' ? resolve() : connection.once('ready', resolve)));

it('holds an address to its slots across instances, per instance while Redis is down, and shared again after', async () => {
  const first = await instance();
  const second = await instance();
  const address = '203.0.113.7';
  const a1 = await first.store.take(address);
  const a2 = await first.store.take(address);
  const b1 = await second.store.take(address);
  expect([a1, a2, b1].every(Boolean)).toBe(true);
  expect(await second.store.take(address)).toBeNull();
  expect(await first.store.take(address)).toBeNull();
  // Another address is counted on its own.
  expect(await second.store.take('203.0.113.8')).not.toBeNull();
  b1!.release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const b2 = await second.store.take(address);
  expect(b2).not.toBeNull();

  await redis.stop();
  // Each instance alone: the first holds 2 of 3, the second 1 of 3.
  expect(await first.store.take(address)).not.toBeNull();
  expect(await first.store.take(address)).toBeNull();
  expect(await second.store.take(address)).not.toBeNull();
  expect(await second.store.take(address)).not.toBeNull();
  expect(await second.store.take(address)).toBeNull();

  await redis.start();
  await Promise.all([ready(first.connection), ready(second.connection)]);
  // Back in Redis: the six slots held are put back by their instances, so the address is full.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await first.store.take(address)).toBeNull();
  expect(await second.store.take(address)).toBeNull();
});
