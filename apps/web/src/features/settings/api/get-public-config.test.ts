import { describe, expect, it } from 'vitest';
import { configRefreshMsFor, publicConfigQueryOptions } from './get-public-config.ts';

/** Spec §9: the remote config's minimum fetch interval is 10 s in development. */
describe('how often the page asks for the config again', () => {
  it('is 10 s in development and every minute elsewhere', () => {
    expect(configRefreshMsFor(true)).toBe(10_000);
    expect(configRefreshMsFor(false)).toBe(60_000);
  });

  it('is what the config query polls at, by the build it runs in (Vitest runs as development)', () => {
    expect(import.meta.env.DEV).toBe(true);
    const options = publicConfigQueryOptions();
    expect(options.refetchInterval).toBe(10_000);
    expect(options.staleTime).toBe(10_000);
  });
});
