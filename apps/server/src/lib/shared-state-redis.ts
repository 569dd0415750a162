import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Decision 067: the prefix of every key Huddle keeps in Redis for what its instances share
 * (rate-limit counters, socket slots), named after the database: instances on one database
 * count together, and two Huddles (or test runs) on different databases never meet in one Redis.
 */
export function sharedStateKeyPrefix(databaseName: string): string {
  return `huddle:${databaseName || 'huddle'}:`;
}

/** How long a request waits on Redis before it counts on this instance alone (decision 067). */
export const sharedStateTimeoutMs = 300;

/**
 * The connection for the counters the instances share. It never queues commands while
 * disconnected and gives up on one after `sharedStateTimeoutMs`: during a Redis outage a
 * request must be answered at once, counted on this instance (lib/rate-limit-store.ts), not
 * wait for Redis nor fail. ioredis reconnects by itself (at most every 2 s); the first command
 * after that is shared again.
 */
export function createSharedStateRedis(redisUrl: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(redisUrl, {
    connectTimeout: 1000,
    commandTimeout: sharedStateTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(2000, 100 * 2 ** times),
  });
  let reachable = true;
  redis.on('error', (error) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err: error }, 'Redis for shared counters unreachable: limits count on this instance until it is back');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis for shared counters is back: limits are shared across instances again');
  });
  return redis;
}

/** Whether a command may be sent now (a command sent otherwise fails at once). */
export function isRedisReady(redis: Redis | undefined): redis is Redis {
  return redis?.status === 'ready';
}
