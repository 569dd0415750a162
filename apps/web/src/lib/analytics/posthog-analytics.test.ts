import { afterEach, describe, expect, it, vi } from 'vitest';
import { posthogAnalytics } from './posthog-analytics.ts';

describe('PostHog analytics on plain HTTP (issue 31)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends page views where the browser has no crypto.randomUUID (not a secure context: a LAN address)', () => {
    // What a page served over http:// from anything but localhost has: getRandomValues, no randomUUID.
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    vi.stubGlobal('window', { location: { origin: 'http://192.168.1.20:3000' } });
    const send = vi.fn(async () => new Response(null, { status: 200 }));
    posthogAnalytics({ provider: 'posthog', url: 'http://192.168.1.20:8000', key: 'phc_lan1' }, send).trackPage(
      '/home',
    );
    expect(send).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String((send.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.distinct_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.properties.$current_url).toBe('http://192.168.1.20:3000/home');
  });
});
