import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeOtherWorkers, whenStable } from './service-worker-start.ts';
import { serviceWorkerStableDelayMs, serviceWorkerUrl, serviceWorkerVersion } from './service-worker-version.ts';

const origin = 'https://huddle.example';

function registration(scriptPath: string) {
  return {
    active: { scriptURL: `${origin}${scriptPath}` },
    waiting: null,
    installing: null,
    unregister: vi.fn(async () => true),
  } as unknown as ServiceWorkerRegistration & { unregister: ReturnType<typeof vi.fn> };
}

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('removeOtherWorkers (spec §4: existing workers unregistered at start, page reloaded if any)', () => {
  it('unregisters older and foreign workers and reloads once', async () => {
    const old = registration('/sw.js');
    const foreign = registration('/firebase-messaging-sw.js');
    const current = registration(serviceWorkerUrl);
    const reload = vi.fn();
    const storage = memoryStorage();
    const container = { getRegistrations: async () => [old, foreign, current] };

    await expect(removeOtherWorkers(container, { origin, storage, reload })).resolves.toBe(true);
    expect(old.unregister).toHaveBeenCalledOnce();
    expect(foreign.unregister).toHaveBeenCalledOnce();
    expect(current.unregister).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the current version and does not reload when it is the only one', async () => {
    const current = registration(`/sw.js?v=${serviceWorkerVersion}`);
    const reload = vi.fn();
    const container = { getRegistrations: async () => [current] };
    await expect(removeOtherWorkers(container, { origin, storage: memoryStorage(), reload })).resolves.toBe(false);
    expect(current.unregister).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not loop: a registration that stays after the reload is unregistered again without a second reload', async () => {
    const stubborn = registration('/sw.js?v=1');
    stubborn.unregister.mockResolvedValue(false);
    const reload = vi.fn();
    const storage = memoryStorage();
    const container = { getRegistrations: async () => [stubborn] };
    await removeOtherWorkers(container, { origin, storage, reload });
    await expect(removeOtherWorkers(container, { origin, storage, reload })).resolves.toBe(false);
    expect(stubborn.unregister).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('counts a worker still installing by its script', async () => {
    const installing = {
      active: null,
      waiting: null,
      installing: { scriptURL: `${origin}${serviceWorkerUrl}` },
      unregister: vi.fn(),
    } as unknown as ServiceWorkerRegistration;
    const reload = vi.fn();
    const container = { getRegistrations: async () => [installing] };
    await expect(removeOtherWorkers(container, { origin, storage: memoryStorage(), reload })).resolves.toBe(false);
  });
});

describe('whenStable (spec §9: registers after 30000 ms stable)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('waits for the load event, then the full 30 s', () => {
    const listeners: (() => void)[] = [];
    const target = {
      document: { readyState: 'loading' as DocumentReadyState },
      addEventListener: (_type: string, listener: () => void) => void listeners.push(listener),
    };
    const callback = vi.fn();
    whenStable(target as never, serviceWorkerStableDelayMs, callback);

    vi.advanceTimersByTime(60_000);
    expect(callback).not.toHaveBeenCalled();

    for (const listener of listeners) listener();
    vi.advanceTimersByTime(29_999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('counts from now when the page has already loaded', () => {
    const target = { document: { readyState: 'complete' as DocumentReadyState }, addEventListener: vi.fn() };
    const callback = vi.fn();
    whenStable(target as never, serviceWorkerStableDelayMs, callback);
    vi.advanceTimersByTime(serviceWorkerStableDelayMs - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    expect(serviceWorkerStableDelayMs).toBe(30_000);
  });
});
