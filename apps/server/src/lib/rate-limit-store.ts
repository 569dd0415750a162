import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isRedisReady } from './shared-state-redis.ts';

type Count = { current: number; ttl: number };

/** Fixed windows: the first hit sets the window's expiry; `ttl` is what is left of it (ms). */
const incrementScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type RateLimitRedis = Redis & { huddleRateLimit(key: string, windowMs: number): Promise<[number, number]> };

/** Counters on this instance alone: without Redis, and during a Redis outage (decision 067). */
class LocalWindows {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();
  private lastSweep = 0;

  increment(key: string, windowMs: number): Count {
    const now = Date.now();
    // Expired windows go every minute, so the map holds about a window's worth of addresses.
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      for (const [each, window] of this.windows) if (window.endsAt <= now) this.windows.delete(each);
    }
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  }
}

/**
 * The store behind @fastify/rate-limit (decision 067). With Redis, every route's counters live
 * there under `keyPrefix` (huddle:<database>:rate-limit:…), so a limit holds across all the
 * instances instead of being multiplied by their number. When Redis cannot answer (down, or
 * slower than the connection's command time-out), the request is counted on this instance: the
 * limit then holds per instance, never lifted, and never a 500; the next request that Redis
 * answers is shared again. Those local counts are not carried over to Redis.
 */
export function createRateLimitStore({
  redis,
  keyPrefix,
  log,
}: {
  redis: Redis | undefined;
  keyPrefix: string;
  log: FastifyBaseLogger;
}): FastifyRateLimitStoreCtor {
  const shared = redis as RateLimitRedis | undefined;
  if (redis && !('huddleRateLimit' in redis)) {
    redis.defineCommand('huddleRateLimit', { numberOfKeys: 1, lua: incrementScript });
  }
  let countingLocally = false;
  const fellBack = (error: unknown) => {
    if (countingLocally) return;
    countingLocally = true;
    log.warn({ err: error }, 'rate limits counted on this instance: Redis did not answer');
  };

  // Per route, or per group of routes that count together (`groupId`): the stores of a group's
  // routes share their local windows as they share their Redis keys.
  const localWindows = new Map<string, LocalWindows>();
  const localWindowsFor = (routeKey: string) => {
    let windows = localWindows.get(routeKey);
    if (!windows) {
      windows = new LocalWindows();
      localWindows.set(routeKey, windows);
    }
    return windows;
  };

  class Store {
    private readonly local: LocalWindows;

    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly routeKey = 'global',
    ) {
      this.local = localWindowsFor(routeKey);
    }

    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      const countHere = (error: unknown) => {
        fellBack(error);
        callback(null, this.local.increment(key, timeWindow));
      };
      if (!isRedisReady(shared)) return countHere(new Error(`Redis is ${redis?.status ?? 'not configured'}`));
      shared.huddleRateLimit(`${keyPrefix}rate-limit:${this.routeKey}:${key}`, timeWindow).then(([current, ttl]) => {
        countingLocally = false;
        callback(null, { current, ttl });
      }, countHere);
    }

    // The plugin passes the route's merged limit options, with the route in `routeInfo`. Routes
    // with a `groupId` count together: sign-in's JSON endpoint and its form post (issue 33) are
    // one limit, not two.
    child(routeOptions: object): FastifyRateLimitStore {
      const { routeInfo, groupId } = routeOptions as {
        routeInfo?: { method?: string | string[]; url?: string };
        groupId?: string;
      };
      if (groupId) return new Store(undefined, `group:${groupId}`);
      const { method, url } = routeInfo ?? {};
      return new Store(undefined, `${String(method ?? '')}${url ?? ''}` || this.routeKey);
    }
  }

  if (!redis) {
    // Without Redis the fall-back is the only store: nothing to warn about.
    countingLocally = true;
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}
