import { describe, expect, it } from 'vitest';
import { createResponseCache, type CacheFill } from './response-cache.ts';

/** A clock the test moves, and a fill that says how often it ran. */
function setup(options: { maxEntries?: number; maxBytes?: number; maxKeyLength?: number } = {}) {
  let at = 0;
  const cache = createResponseCache({
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes ?? 1_000_000,
    maxKeyLength: options.maxKeyLength,
    ttlMs: 1000,
    // Strings as values: two bytes a character.
    sizeOf: (value: string) => value.length * 2,
    now: () => at,
  });
  let fills = 0;
  const fill =
    (body: string, tags: string[] = []) =>
    async (): Promise<CacheFill<string>> => {
      fills += 1;
      return { value: body, tags };
    };
  return {
    cache,
    fill,
    fills: () => fills,
    advance: (ms: number) => (at += ms),
  };
}

/** A fill the test finishes when it wants: for what happens while a read is under way. */
function deferredFill(tags: string[]) {
  let finish!: (body: string) => void;
  const done = new Promise<CacheFill<string>>((resolve) => (finish = (body) => resolve({ value: body, tags })));
  return { run: () => done, finish };
}

describe('the response cache', () => {
  it('answers a key from the cache until a second after its read started, then reads again', async () => {
    const { cache, fill, fills, advance } = setup();
    expect(await cache.get('a', fill('one'))).toEqual({ value: 'one', hit: false });
    advance(999);
    expect(await cache.get('a', fill('two'))).toEqual({ value: 'one', hit: true });
    advance(1);
    expect(await cache.get('a', fill('three'))).toEqual({ value: 'three', hit: false });
    expect(fills()).toBe(2);
  });

  it('counts the second from the start of the read, so a slow read is kept for less', async () => {
    const { cache, advance } = setup();
    const slow = deferredFill([]);
    const first = cache.get('a', slow.run);
    advance(600);
    slow.finish('slow');
    await first;
    advance(400);
    expect((await cache.get('a', async () => ({ value: 'fresh', tags: [] }))).value).toBe('fresh');
  });

  it('drops the entries showing a changed id at once, and only those', async () => {
    const { cache, fill } = setup();
    await cache.get('with-e1', fill('old', ['e1', 'e2']));
    await cache.get('without-e1', fill('other', ['e3']));
    cache.invalidate('e1');
    expect(await cache.get('with-e1', fill('new', ['e1', 'e2']))).toEqual({ value: 'new', hit: false });
    expect(await cache.get('without-e1', fill('unused'))).toEqual({ value: 'other', hit: true });
  });

  it('never keeps a read that was under way when an id it shows changed', async () => {
    const { cache, fill, advance } = setup();
    const before = deferredFill(['e1']);
    const answer = cache.get('a', before.run);
    cache.invalidate('e1');
    before.finish('read before the write');
    // Its own caller gets it (the read was asked for before the write), nobody after.
    expect((await answer).value).toBe('read before the write');
    // A read started in the same millisecond as a change may have missed it: only later ones are kept.
    advance(1);
    expect(await cache.get('a', fill('read after the write', ['e1']))).toEqual({
      value: 'read after the write',
      hit: false,
    });
    expect(cache.stats.discarded).toBe(1);
    expect((await cache.get('a', fill('unused', ['e1']))).value).toBe('read after the write');
  });

  it('does not hand a read under way to a caller who comes after a change', async () => {
    const { cache, fill } = setup();
    const before = deferredFill(['e1']);
    const first = cache.get('a', before.run);
    cache.invalidate('e9');
    const second = cache.get('a', fill('after', ['e1']));
    before.finish('before');
    expect((await first).value).toBe('before');
    expect((await second).value).toBe('after');
  });

  it('reads once for callers who ask for the same key at the same time', async () => {
    const { cache, fills, fill } = setup();
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('a', fill('one', ['e1']))));
    expect(fills()).toBe(1);
    expect(answers.filter((answer) => answer.hit)).toHaveLength(49);
  });

  it('drops everything on clear, including reads under way', async () => {
    const { cache, fill } = setup();
    await cache.get('a', fill('one'));
    const pending = deferredFill([]);
    const answer = cache.get('b', pending.run);
    cache.clear();
    pending.finish('two');
    await answer;
    expect((await cache.get('a', fill('three'))).hit).toBe(false);
    expect((await cache.get('b', fill('four'))).value).toBe('four');
  });

  it('keeps at most maxEntries, the least recently used going first, however many keys are asked for', async () => {
    const { cache, fill } = setup({ maxEntries: 3 });
    for (let index = 0; index < 1000; index += 1) await cache.get(`key-${index}`, fill(`body-${index}`, [`e${index}`]));
    expect(cache.stats.entries).toBe(3);
    await cache.get('key-997', fill('unused'));
    await cache.get('new', fill('new'));
    // key-997 was used last but one: key-998 went.
    expect((await cache.get('key-997', fill('x'))).hit).toBe(true);
    expect((await cache.get('key-998', fill('x'))).hit).toBe(false);
  });

  it('keeps the bodies under maxBytes, and caches no key longer than maxKeyLength', async () => {
    const { cache, fill } = setup({ maxBytes: 10_000, maxKeyLength: 100 });
    for (let index = 0; index < 50; index += 1) await cache.get(`key-${index}`, fill('x'.repeat(1000)));
    expect(cache.stats.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.stats.entries).toBeLessThanOrEqual(5);
    const long = 'k'.repeat(101);
    await cache.get(long, fill('one'));
    expect(await cache.get(long, fill('two'))).toEqual({ value: 'two', hit: false });
  });

  it('stays bounded and correct under a storm of writes', async () => {
    const { cache, fill, advance } = setup();
    const before = deferredFill(['e1']);
    const answer = cache.get('a', before.run);
    // More ids than it remembers one by one: it then counts everything as changed.
    for (let index = 0; index < 30_000; index += 1) cache.invalidate(`e${index + 2}`);
    before.finish('old');
    await answer;
    // Reads started after the storm are kept again.
    advance(10);
    expect((await cache.get('a', fill('new', ['e1']))).value).toBe('new');
    expect((await cache.get('a', fill('newer', ['e1']))).value).toBe('new');
  });
});
