// @vitest-environment happy-dom
import { authApiPaths, authPageConfigElementId } from '@huddle/shared/auth-pages';
import { profileEndpoints, type PublicConfig } from '@huddle/shared/profiles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSocialProviders, takeInlineSocialProviders } from './get-social-providers.ts';

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

/** The data block as lib/web-app.ts writes it into auth.html. */
function writeInline(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = authPageConfigElementId;
  element.textContent = text;
  document.head.append(element);
}

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

describe('takeInlineSocialProviders (what the server wrote into auth.html, decision 063)', () => {
  it('reads the providers without asking the API, once', () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    writeInline(JSON.stringify({ socialProviders: ['facebook', 'myspace'] }));
    expect(takeInlineSocialProviders()).toEqual(['facebook']);
    expect(fetched).not.toHaveBeenCalled();
    // Removed once read: a second read finds nothing, as on a page the server did not write.
    expect(takeInlineSocialProviders()).toBeNull();
  });

  it('says there is none to read when the block is missing or broken (the page then asks)', () => {
    expect(takeInlineSocialProviders()).toBeNull();
    writeInline('{not json');
    expect(takeInlineSocialProviders()).toBeNull();
    writeInline(JSON.stringify({ socialProviders: [] }));
    expect(takeInlineSocialProviders()).toEqual([]);
  });
});
