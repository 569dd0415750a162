import { performance } from 'node:perf_hooks';

/**
 * A bounded in-process cache of replies (`V`: a serialized body and what is derived from it),
 * each tagged with the ids it shows (decision 073). It knows nothing of the feature: the caller builds the key, fills a miss and says which
 * tags changed.
 *
 * Freshness: an entry lives `ttlMs` from the moment its fill *started* (the data it holds was read
 * after that), so nothing is served more than `ttlMs` after the database said it, whether or not
 * an invalidation ever arrives. Invalidations make it fresher: `invalidate(tag)` drops the entries
 * carrying the tag at once, and a fill that was under way when it came is handed to its waiters
 * but never stored, as it may have read the row just before the write.
 *
 * Bounds: at most `maxEntries` entries and `maxBytes` of bodies (least recently used go first);
 * keys longer than `maxKeyLength` are not cached, so varied input cannot grow it.
 */
export interface ResponseCache<V> {
  /**
   * The cached value for `key`, else `fill()`'s. Callers asking for the same key while a fill is
   * under way share it (one read for a burst), unless an invalidation came meanwhile.
   */
  get(key: string, fill: () => Promise<CacheFill<V>>): Promise<CacheAnswer<V>>;
  /** Drops what shows `tag`; fills under way are not stored. */
  invalidate(tag: string): void;
  /** Drops everything (the invalidations may have been lost). */
  clear(): void;
  readonly stats: CacheStats;
}

export interface CacheFill<V> {
  value: V;
  /** What the value shows (event ids): an invalidation of any of them drops it. */
  tags: readonly string[];
}

export interface CacheAnswer<V> {
  value: V;
  /** Served from the cache (or from a fill another caller started). */
  hit: boolean;
}

export interface CacheStats {
  hits: number;
  misses: number;
  /** Fills not kept because an invalidation came while they ran. */
  discarded: number;
  evicted: number;
  entries: number;
  bytes: number;
}

export interface ResponseCacheOptions<V> {
  maxEntries: number;
  maxBytes: number;
  /** About how many bytes a value holds (everything it may come to hold). */
  sizeOf: (value: V) => number;
  ttlMs: number;
  maxKeyLength?: number;
  /** Milliseconds on a clock that only moves forward (tests pass their own). */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  tags: readonly string[];
  expiresAt: number;
}

interface Fill<V> {
  startedAt: number;
  answer: Promise<CacheAnswer<V>>;
}

/** Tags invalidated in the last ttlMs are remembered for fills under way; past this many, everything is. */
const maxRememberedTags = 10_000;

export function createResponseCache<V>({
  maxEntries,
  maxBytes,
  sizeOf,
  ttlMs,
  maxKeyLength = 1024,
  now = () => performance.now(),
}: ResponseCacheOptions<V>): ResponseCache<V> {
  /** In least recently used order: a hit moves its entry to the end. */
  const entries = new Map<string, Entry<V>>();
  const keysByTag = new Map<string, Set<string>>();
  const fills = new Map<string, Fill<V>>();
  /** When each tag was last invalidated, kept ttlMs: a fill started before that is not stored. */
  const invalidatedAt = new Map<string, number>();
  /** When everything was last dropped. */
  let clearedAt = Number.NEGATIVE_INFINITY;
  const stats: CacheStats = { hits: 0, misses: 0, discarded: 0, evicted: 0, entries: 0, bytes: 0 };

  const remove = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    stats.bytes -= entry.bytes;
    stats.entries = entries.size;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  const store = (key: string, fill: CacheFill<V>, startedAt: number) => {
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    const bytes = sizeOf(fill.value) + key.length * 2;
    if (bytes > maxBytes) return;
    const entry: Entry<V> = { value: fill.value, bytes, tags: [...new Set(fill.tags)], expiresAt: startedAt + ttlMs };
    entries.set(key, entry);
    stats.bytes += bytes;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      keysByTag.set(tag, keys);
    }
    while (entries.size > maxEntries || stats.bytes > maxBytes) {
      const [oldestKey, oldest] = entries.entries().next().value as [string, Entry<V>];
      remove(oldestKey, oldest);
      stats.evicted += 1;
    }
    stats.entries = entries.size;
  };

  /** Whether something the fill shows changed after it started (or everything was dropped). */
  const changedSince = (startedAt: number, tags: readonly string[]) =>
    clearedAt >= startedAt || tags.some((tag) => (invalidatedAt.get(tag) ?? Number.NEGATIVE_INFINITY) >= startedAt);

  const forgetOldInvalidations = (at: number) => {
    // Insertion order is time order (a tag invalidated again is moved to the end).
    for (const [tag, when] of invalidatedAt) {
      if (when > at - ttlMs) break;
      invalidatedAt.delete(tag);
    }
  };

  return {
    stats,
    get(key, fill) {
      if (key.length > maxKeyLength) {
        stats.misses += 1;
        return fill().then(({ value }) => ({ value, hit: false }));
      }
      const at = now();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > at) {
        entries.delete(key);
        entries.set(key, entry);
        stats.hits += 1;
        return Promise.resolve({ value: entry.value, hit: true });
      }
      if (entry) remove(key, entry);
      const running = fills.get(key);
      if (running && running.startedAt + ttlMs > at) {
        stats.hits += 1;
        return running.answer.then(({ value }) => ({ value, hit: true }));
      }
      stats.misses += 1;
      const startedAt = at;
      const answer = fill().then(
        (filled) => {
          if (fills.get(key)?.answer === answer) fills.delete(key);
          const finishedAt = now();
          if (finishedAt >= startedAt + ttlMs) return { value: filled.value, hit: false };
          if (changedSince(startedAt, filled.tags)) stats.discarded += 1;
          else store(key, filled, startedAt);
          return { value: filled.value, hit: false };
        },
        (error: unknown) => {
          if (fills.get(key)?.answer === answer) fills.delete(key);
          throw error;
        },
      );
      fills.set(key, { startedAt, answer });
      return answer;
    },
    invalidate(tag) {
      const at = now();
      for (const key of keysByTag.get(tag) ?? []) {
        const entry = entries.get(key);
        if (entry) remove(key, entry);
      }
      // Fills under way may show the tag: callers from now on start their own.
      fills.clear();
      invalidatedAt.delete(tag);
      invalidatedAt.set(tag, at);
      forgetOldInvalidations(at);
      if (invalidatedAt.size > maxRememberedTags) {
        invalidatedAt.clear();
        clearedAt = at;
      }
    },
    clear() {
      clearedAt = now();
      entries.clear();
      keysByTag.clear();
      fills.clear();
      invalidatedAt.clear();
      stats.entries = 0;
      stats.bytes = 0;
    },
  };
}
