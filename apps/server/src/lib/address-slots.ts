import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { isRedisReady } from './shared-state-redis.ts';

/**
 * Slots held by one client address across the instances (decision 067): the signed-out
 * realtime sockets, at most `max` open at once from one address (decision 055), wherever they are
 * connected. With Redis a slot is a member of the address's sorted set, scored by when it lapses:
 * each instance renews its own slots every `renewMs`, so the slots of an instance that died lapse
 * within `lapseMs` instead of holding the address's count up for ever. Without Redis, and while
 * it does not answer, each instance counts the slots it holds (the limit then holds per instance).
 */
export interface AddressSlots {
  /** A slot for the address, or null when all `max` are taken. `release` gives it back. */
  take(address: string): Promise<{ release(): void } | null>;
  /** Stops renewing (the instance is shutting down; its sockets are closing). */
  close(): void;
}

/** Drops lapsed slots, then takes one if fewer than the limit are held; Redis's clock for all. */
const takeScript = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** Renews (or puts back, after a Redis restart) this instance's slots of one address. */
const renewScript = `
local now = redis.call('TIME')
local lapses = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[1])
for index = 2, #ARGV do redis.call('ZADD', KEYS[1], lapses, ARGV[index]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

type SlotRedis = Redis & {
  huddleTakeSlot(key: string, max: number, lapseMs: number, member: string): Promise<number>;
  huddleRenewSlots(key: string, lapseMs: number, ...members: string[]): Promise<number>;
};

export function createAddressSlots({
  redis,
  keyPrefix,
  max,
  renewMs = 20_000,
  lapseMs = 60_000,
}: {
  redis: Redis | undefined;
  /** huddle:<database>:realtime-slots: */
  keyPrefix: string;
  max: number;
  renewMs?: number;
  lapseMs?: number;
}): AddressSlots {
  if (redis && !('huddleTakeSlot' in redis)) {
    redis.defineCommand('huddleTakeSlot', { numberOfKeys: 1, lua: takeScript });
    redis.defineCommand('huddleRenewSlots', { numberOfKeys: 1, lua: renewScript });
  }
  const shared = redis as SlotRedis | undefined;
  /** This instance's slots, by address. */
  const held = new Map<string, Set<string>>();
  const keyOf = (address: string) => `${keyPrefix}${address}`;

  const renew = () => {
    if (!isRedisReady(shared)) return;
    for (const [address, members] of held) {
      shared.huddleRenewSlots(keyOf(address), lapseMs, ...members).catch(() => undefined);
    }
  };
  const timer = setInterval(renew, renewMs);
  timer.unref();
  // Back after an outage: the slots taken meanwhile (and those a restarted Redis forgot) count again.
  redis?.on('ready', renew);

  const release = (address: string, member: string) => {
    const members = held.get(address);
    members?.delete(member);
    if (members?.size === 0) held.delete(address);
    if (isRedisReady(shared)) shared.zrem(keyOf(address), member).catch(() => undefined);
  };

  return {
    async take(address) {
      const member = randomUUID();
      let taken: boolean;
      if (isRedisReady(shared)) {
        taken = await shared
          .huddleTakeSlot(keyOf(address), max, lapseMs, member)
          .then((result) => result === 1)
          // Redis did not answer in time: this instance's own count decides.
          .catch(() => (held.get(address)?.size ?? 0) < max);
      } else {
        taken = (held.get(address)?.size ?? 0) < max;
      }
      if (!taken) return null;
      const members = held.get(address) ?? new Set<string>();
      members.add(member);
      held.set(address, members);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          release(address, member);
        },
      };
    },
    close() {
      clearInterval(timer);
      redis?.off('ready', renew);
    },
  };
}
