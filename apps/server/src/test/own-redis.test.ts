import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { startOwnRedis, stopOwnRedises } from './own-redis.ts';

afterAll(stopOwnRedises);

it('starts a Redis of its own, stops and restarts it empty on the same port', async () => {
  const redis = await startOwnRedis();
  expect(redis.port).not.toBe(6379);
  const client = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  await client.set('kept', 'yes');
  expect(await client.get('kept')).toBe('yes');
  await redis.stop();
  expect(redis.running).toBe(false);
  await expect(client.get('kept')).rejects.toThrow();
  await redis.start();
  expect(redis.running).toBe(true);
  await new Promise<void>((resolve) => (client.status === 'ready' ? resolve() : client.once('ready', resolve)));
  expect(await client.get('kept')).toBeNull();
  client.disconnect();
});
