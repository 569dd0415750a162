import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createEventAs, insertPlace, signUpUser } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('response headers', () => {
  it('limit browser features with Permissions-Policy on every response', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/docs/']) {
      const policy = (await t.app.inject({ url })).headers['permissions-policy'];
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=(self)');
      expect(policy).toContain('payment=(self)');
    }
  });

  it('keep personal API answers out of every cache (no-store), errors and calendar files included', async () => {
    const { cookie } = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    const event = await createEventAs(t.app, cookie, place.id);
    const feed = (
      await t.app.inject({ method: 'POST', url: '/api/me/calendar-feeds', headers: { cookie }, payload: {} })
    ).json();
    const personal = [
      t.app.inject({ url: '/api/me', headers: { cookie } }),
      t.app.inject({ url: '/api/auth/session', headers: { cookie } }),
      t.app.inject({ url: `/api/events/${event.id}`, headers: { cookie } }),
      t.app.inject({ url: '/api/me/teams' }),
      t.app.inject({ url: `/api/events/${event.id}/calendar.ics`, headers: { cookie } }),
      t.app.inject({ url: new URL(feed.url).pathname }),
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'x@example.com', password: 'y' } }),
    ];
    for (const response of await Promise.all(personal)) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('leave a public answer that sets its own caching alone', async () => {
    expect((await t.app.inject({ url: '/api/config' })).headers['cache-control']).toBe('public, max-age=10');
  });

  it('compress a large reply for a client that accepts it (brotli first, else gzip), never for one that does not', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gzip = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
