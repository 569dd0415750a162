import { profileEndpoints, type PublicConfig } from '@huddle/shared/profiles';
import { describe, expect, it } from 'vitest';
import { socialProvidersEndpoint } from './get-social-providers.ts';

describe('socialProvidersEndpoint (a slice of profileEndpoints.getPublicConfig)', () => {
  it('asks the same address the same way', () => {
    expect(socialProvidersEndpoint.method).toBe(profileEndpoints.getPublicConfig.method);
    expect(socialProvidersEndpoint.path).toBe(profileEndpoints.getPublicConfig.path);
  });

  it('reads the providers out of a full config reply', () => {
    const reply: PublicConfig = {
      flags: { badges: true, subscriptions: false },
      socialProviders: ['google'],
      mapTiles: null,
    };
    expect(profileEndpoints.getPublicConfig.reply.parse(reply)).toEqual(reply);
    expect(socialProvidersEndpoint.reply.parse(reply)).toEqual({ socialProviders: ['google'] });
  });

  it('accepts every provider the shared reply allows', () => {
    const reply: PublicConfig = {
      flags: { badges: false, subscriptions: false },
      socialProviders: ['google', 'facebook'],
      mapTiles: null,
    };
    expect(socialProvidersEndpoint.reply.parse(reply).socialProviders).toEqual(['google', 'facebook']);
  });
});
