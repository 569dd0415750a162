import { describe, expect, it, vi } from 'vitest';
import { sentrySourceMaps } from './sentry-source-maps.ts';

const all = { SENTRY_AUTH_TOKEN: 'sntrys_token', SENTRY_ORG: 'huddle', SENTRY_PROJECT: 'web' };

describe('sentrySourceMaps (decision 052: maps uploaded at build when configured)', () => {
  it('adds no plugin and writes no maps unless the token, organization and project are all set', async () => {
    const load = vi.fn();
    for (const env of [
      {},
      { ...all, SENTRY_AUTH_TOKEN: undefined },
      { ...all, SENTRY_ORG: '' },
      { ...all, SENTRY_PROJECT: '  ' },
      { SENTRY_DSN: 'https://key@errors.example/1' },
    ]) {
      expect(await sentrySourceMaps(env, '/app/dist', load)).toEqual({ sourcemap: false, plugins: [] });
    }
    // Not even loaded.
    expect(load).not.toHaveBeenCalled();
  });

  it('with all three: hidden maps, uploaded by the Sentry plugin and deleted from dist afterwards', async () => {
    const plugin = { name: 'sentry-stub' };
    const factory = vi.fn(() => plugin);
    const plan = await sentrySourceMaps({ ...all, SENTRY_RELEASE: '1.2.3' }, '/app/dist', async () => factory);
    expect(plan).toEqual({ sourcemap: 'hidden', plugins: [plugin] });
    expect(factory).toHaveBeenCalledWith({
      authToken: 'sntrys_token',
      org: 'huddle',
      project: 'web',
      release: { name: '1.2.3' },
      telemetry: false,
      sourcemaps: { filesToDeleteAfterUpload: ['/app/dist/**/*.map'] },
    });
  });

  it('loads the real plugin when configured', async () => {
    const plan = await sentrySourceMaps(all, '/app/dist');
    expect(plan.sourcemap).toBe('hidden');
    const names = (plan.plugins.flat(5) as { name?: string }[]).map((plugin) => plugin.name);
    expect(names.some((name) => name?.includes('sentry'))).toBe(true);
  });
});
