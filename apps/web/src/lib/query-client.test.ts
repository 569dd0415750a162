import { readRetryLimit } from '@huddle/shared/limits';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { queryClient, readRetryDelay, shouldRetryRead } from './query-client.ts';

describe('read retries (spec §9: retry limit 10)', () => {
  afterEach(() => vi.useRealTimers());

  it('retries network failures and 5xx up to the limit of 10', () => {
    const network = new ApiError('NETWORK', 'offline', 0);
    const server = new ApiError('INTERNAL', 'boom', 503);
    for (let count = 0; count < readRetryLimit; count += 1) {
      expect(shouldRetryRead(count, network)).toBe(true);
      expect(shouldRetryRead(count, server)).toBe(true);
    }
    expect(readRetryLimit).toBe(10);
    expect(shouldRetryRead(readRetryLimit, network)).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a %i', (status) => {
    expect(shouldRetryRead(0, new ApiError('VALIDATION_FAILED', 'no', status))).toBe(false);
  });

  it('backs off: each wait doubles, up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(readRetryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('is what the app query client uses: a failing read runs 11 times in all, a 404 once', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
    const failing = vi.fn(() => Promise.reject(new ApiError('INTERNAL', 'down', 500)));
    const observer = new QueryObserver(client, { queryKey: ['down'], queryFn: failing });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.runAllTimersAsync();
    expect(failing).toHaveBeenCalledTimes(readRetryLimit + 1);
    expect(observer.getCurrentResult().status).toBe('error');

    const missing = vi.fn(() => Promise.reject(new ApiError('NOT_FOUND', 'gone', 404)));
    await client.fetchQuery({ queryKey: ['missing'], queryFn: missing }).catch(() => undefined);
    expect(missing).toHaveBeenCalledTimes(1);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
    unsubscribe();
  });
});
