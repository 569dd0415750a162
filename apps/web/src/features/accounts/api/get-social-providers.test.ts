import { authApiPaths } from '@huddle/shared/auth-pages';
import { profileEndpoints, type PublicConfig } from '@huddle/shared/profiles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSocialProviders } from './get-social-providers.ts';

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('getSocialProviders (the auth pages read GET /api/config by hand)', () => {
  it('asks the address the shared declaration names', () => {
    expect(profileEndpoints.getPublicConfig.method).toBe('GET');
    expect(profileEndpoints.getPublicConfig.path).toBe(authApiPaths.publicConfig);
  });

  it('reads the providers out of a full config reply the shared schema accepts', async () => {
    const reply: PublicConfig = {
      flags: { badges: true, subscriptions: false },
      socialProviders: ['google', 'facebook'],
      mapTiles: null,
      platform: 'gth',
      analytics: null,
      errorReporting: null,
      paymentsMode: 'local',
      promotion: null,
    };
    expect(profileEndpoints.getPublicConfig.reply.parse(reply)).toEqual(reply);
    answerWith(200, reply);
    await expect(getSocialProviders()).resolves.toEqual(['google', 'facebook']);
  });

  it('drops names it does not know, and means none when the config cannot be read', async () => {
    answerWith(200, { socialProviders: ['google', 'myspace'] });
    await expect(getSocialProviders()).resolves.toEqual(['google']);
    answerWith(500, { error: { code: 'INTERNAL', message: 'down' } });
    await expect(getSocialProviders()).resolves.toEqual([]);
    answerWith(200, { socialProviders: 'google' });
    await expect(getSocialProviders()).resolves.toEqual([]);
  });
});
