import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubErrorEvent, scrubText } from '@huddle/shared/error-scrubbing';
import { redactRequestUrl } from '../../lib/log-redaction.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signUpUser } from '../../test/factories.ts';

/** Issue 17, decision 052: analytics and error reporting are off unless configured, and never in development. */
describe('third parties in the public config', () => {
  it('are null when nothing is configured, and the CSP names no other origin', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/api/config' });
      expect(response.json()).toMatchObject({ analytics: null, errorReporting: null });
      expect(String(response.headers['content-security-policy'])).toMatch(/connect-src 'self' ws: wss:(;|$)/);
    } finally {
      await t.close();
    }
  });

  it('name the Plausible server and the web DSN when configured, and the CSP lets the page reach them', async () => {
    const t = await createTestApp({
      ANALYTICS_PLAUSIBLE_URL: 'https://stats.example/',
      SENTRY_DSN: 'https://server-key@errors.example/1',
      SENTRY_WEB_DSN: 'https://web-key@web-errors.example/2',
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'huddle@2.4.0',
    });
    try {
      const response = await t.app.inject({ url: '/api/config' });
      expect(response.json()).toMatchObject({
        analytics: { provider: 'plausible', url: 'https://stats.example', domain: 'localhost' },
        // The browser's reports name the same release as the server's (issue 31).
        errorReporting: {
          dsn: 'https://web-key@web-errors.example/2',
          environment: 'staging',
          release: 'huddle@2.4.0',
        },
      });
      // The server's own DSN stays on the server.
      expect(response.body).not.toContain('server-key');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain('https://stats.example');
      expect(csp).toContain('https://web-errors.example');
    } finally {
      await t.close();
    }
  });

  it('name PostHog (its host, Cloud US by default, and the public project key) when configured instead', async () => {
    const t = await createTestApp({ ANALYTICS_POSTHOG_KEY: 'phc_abc123' });
    try {
      const response = await t.app.inject({ url: '/api/config' });
      expect(response.json()).toMatchObject({
        analytics: { provider: 'posthog', url: 'https://us.i.posthog.com', key: 'phc_abc123' },
      });
      expect(String(response.headers['content-security-policy'])).toContain('https://us.i.posthog.com');
    } finally {
      await t.close();
    }
  });

  it('are never sent to a server in development (spec §7)', async () => {
    const t = await createTestApp({
      NODE_ENV: 'development',
      ANALYTICS_PLAUSIBLE_URL: 'https://stats.example',
      SENTRY_DSN: 'https://key@errors.example/1',
    });
    try {
      expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({
        analytics: null,
        errorReporting: null,
      });
    } finally {
      await t.close();
    }
  });
});

describe('the analytics opt-out (Settings > General)', () => {
  it('is on for a new account, and each person switches only their own', async () => {
    const t = await createTestApp();
    try {
      const ann = await signUpUser(t.app);
      const ben = await signUpUser(t.app);
      const me = (cookie: string) => t.app.inject({ url: '/api/auth/session', headers: { cookie } });
      expect((await me(ann.cookie)).json().user.usageAnalytics).toBe(true);

      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/me/usage-analytics',
        headers: { cookie: ann.cookie },
        payload: { usageAnalytics: false },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().usageAnalytics).toBe(false);
      expect((await me(ann.cookie)).json().user.usageAnalytics).toBe(false);
      expect((await me(ben.cookie)).json().user.usageAnalytics).toBe(true);

      const anonymous = await t.app.inject({
        method: 'PUT',
        url: '/api/me/usage-analytics',
        payload: { usageAnalytics: false },
      });
      expect(anonymous.statusCode).toBe(401);
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/me/usage-analytics',
        headers: { cookie: ann.cookie },
        payload: { usageAnalytics: 'no', userId: ben.user.id },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['usageAnalytics', 'userId']));
    } finally {
      await t.close();
    }
  });
});

describe('scrubErrorEvent (personal data out of error reports)', () => {
  it('drops emails, cookies, IP addresses, bodies and query strings', () => {
    const event = scrubErrorEvent({
      message: 'No account for ann@example.com from 203.0.113.9',
      user: { id: 'u1', email: 'ann@example.com', ip_address: '203.0.113.9', username: 'Ann' },
      request: {
        url: 'https://huddle.example/auth/reset-password?token=secret&email=ann@example.com',
        cookies: { session: 'abc' },
        headers: { cookie: 'session=abc', 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Chrome' },
        data: { password: 'hunter2' },
        query_string: 'token=secret',
      },
      exception: {
        values: [
          {
            value: 'duplicate key ann@example.com',
            stacktrace: {
              frames: [
                {
                  context_line: "throw new Error('ann@example.com')",
                  pre_context: ['// 203.0.113.9'],
                  vars: { email: 'ann@example.com' },
                },
              ],
            },
          },
        ],
      },
      breadcrumbs: [
        { message: 'GET /api/x?email=ann@example.com', data: { url: '/api/x?email=ann@example.com', body: 'x' } },
      ],
      extra: { email: 'ann@example.com' },
      server_name: 'huddle-1',
    });
    const text = JSON.stringify(event);
    for (const secret of ['ann@example.com', '203.0.113.9', 'abc', 'hunter2', 'token=secret', 'Ann', 'huddle-1']) {
      expect(text).not.toContain(secret);
    }
    expect(event.user).toEqual({ id: 'u1' });
    expect(event.request).toEqual({
      url: 'https://huddle.example/auth/reset-password',
      headers: { 'user-agent': 'Chrome' },
    });
    expect(event.exception?.values?.[0]?.value).toBe('duplicate key [email]');
  });

  it("cut a failed query's values, whatever they hold, and keep its SQL (issue 31)", () => {
    // Drizzle words a failed query "Failed query: <sql>\nparams: <values>": a name, an address, a search.
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ maxLength: 80 }), (values, more) => {
        const message = `Failed query: update "users" set "full_name" = $1\nparams: ${values}\n${more}`;
        expect(scrubText(message)).toBe('Failed query: update "users" set "full_name" = $1');
      }),
    );
  });

  it('redact the secrets a path carries when the server says which (issue 31: a feed token is its key)', () => {
    const event = scrubErrorEvent(
      {
        request: {
          url: 'https://huddle.example/api/calendar/s3cr3tT0ken.ics?x=1',
          headers: { referer: 'https://huddle.example/api/invitations/inv1tat10n/accept?email=ann@example.com' },
        },
        breadcrumbs: [{ data: { url: '/api/invitations/inv1tat10n?from=ann@example.com' } }],
      },
      { path: redactRequestUrl },
    );
    expect(event.request).toEqual({
      url: 'https://huddle.example/api/calendar/[token].ics',
      headers: { referer: 'https://huddle.example/api/invitations/[token]/accept' },
    });
    expect(event.breadcrumbs?.[0]?.data).toEqual({ url: '/api/invitations/[token]' });
  });
});
