import type { PublicConfig } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../features/accounts/api/get-session.ts';
import { queryClient } from '../lib/query-client.ts';
import { analyticsAllowed, startThirdParties } from './third-parties.ts';

const config: PublicConfig = {
  flags: { badges: true, subscriptions: true },
  socialProviders: [],
  mapTiles: null,
  platform: 'gth',
  paymentsMode: 'local',
  promotion: null,
  analytics: { provider: 'plausible', url: 'https://stats.example', domain: 'huddle.example' },
  errorReporting: null,
};

const posthogAnalytics: PublicConfig['analytics'] = {
  provider: 'posthog',
  url: 'https://ph.example',
  key: 'phc_test123',
};

function fakeRouter(pathname: string) {
  let listener: ((state: { location: { pathname: string } }) => void) | undefined;
  return {
    state: { location: { pathname } },
    subscribe(next: typeof listener & object) {
      listener = next;
      return () => undefined;
    },
    go: (path: string) => listener?.({ location: { pathname: path } }),
  };
}

const signedIn = (usageAnalytics: boolean) =>
  queryClient.setQueryData(sessionQueryKey, { user: { id: 'u1', usageAnalytics } as CurrentUser });

describe('analytics (spec §7: identified people only, not those who opted out)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('is allowed only for a signed-in person whose switch is on', () => {
    expect(analyticsAllowed(null)).toBe(false);
    expect(analyticsAllowed(undefined)).toBe(false);
    expect(analyticsAllowed({ usageAnalytics: false } as CurrentUser)).toBe(false);
    expect(analyticsAllowed({ usageAnalytics: true } as CurrentUser)).toBe(true);
  });

  it('is never allowed in a browser that asks sites not to track (Global Privacy Control, Do Not Track; decision 068)', () => {
    const on = { usageAnalytics: true } as CurrentUser;
    expect(analyticsAllowed(on, { globalPrivacyControl: true })).toBe(false);
    expect(analyticsAllowed(on, { doNotTrack: '1' })).toBe(false);
    expect(analyticsAllowed(on, { globalPrivacyControl: false, doNotTrack: '0' })).toBe(true);
    expect(analyticsAllowed(on, { doNotTrack: null })).toBe(true);
  });

  it('counts pages (path only) while allowed, and stops when the person opts out or signs out', async () => {
    const send = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', send);
    vi.stubGlobal('window', { location: { origin: 'https://huddle.example' } });
    signedIn(true);
    const router = fakeRouter('/home');
    await startThirdParties(config, router);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://stats.example/api/event');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'pageview',
      url: 'https://huddle.example/home',
      domain: 'huddle.example',
    });
    expect(init.credentials).toBe('omit');

    router.go('/discover?q=ann@example.com');
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String((send.mock.calls[1] as unknown as [string, RequestInit])[1].body)).url).toBe(
      'https://huddle.example/discover',
    );

    signedIn(false);
    router.go('/settings');
    queryClient.setQueryData(sessionQueryKey, { user: null });
    router.go('/home');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('loads nothing for a visitor, whichever service is configured', async () => {
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    queryClient.setQueryData(sessionQueryKey, { user: null });
    for (const analytics of [config.analytics, posthogAnalytics]) {
      await startThirdParties({ ...config, analytics }, fakeRouter('/discover'));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(send).not.toHaveBeenCalled();
  });
});

describe('analytics through PostHog (decision 052: the same rules, another service)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });
  const posthog: PublicConfig = { ...config, analytics: posthogAnalytics };

  it('captures anonymous page views (path only, no person, no cookies) while allowed, and stops on opt-out', async () => {
    const send = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', send);
    vi.stubGlobal('window', { location: { origin: 'https://huddle.example' } });
    signedIn(true);
    const router = fakeRouter('/home');
    await startThirdParties(posthog, router);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://ph.example/i/v0/e/');
    const first = JSON.parse(String(init.body));
    expect(first).toEqual({
      api_key: 'phc_test123',
      event: '$pageview',
      distinct_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      properties: { $current_url: 'https://huddle.example/home', $process_person_profile: false },
    });
    // Never the account's id.
    expect(String(init.body)).not.toContain('u1');
    expect(init.credentials).toBe('omit');

    router.go('/discover?q=ann@example.com');
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    const second = JSON.parse(String((send.mock.calls[1] as unknown as [string, RequestInit])[1].body));
    expect(second.properties.$current_url).toBe('https://huddle.example/discover');
    expect(second.distinct_id).toBe(first.distinct_id);

    signedIn(false);
    router.go('/settings');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
