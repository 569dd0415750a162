import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://partner.example', AUTH_RATE_LIMIT_MAX: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('the HTTP app', () => {
  it('reports health after checking the database', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('gives every response a request id and security headers', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-me-123' } });
    expect(response.headers['x-request-id']).toBe('trace-me-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await t.app.inject({ url: '/api/health', headers: { origin: 'https://partner.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const other = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves an OpenAPI document generated from the route schemas, and a docs page', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/sign-up', '/api/auth/sign-in', '/api/me']),
    );
    const signUp = document.paths['/api/auth/sign-up'].post;
    expect(JSON.stringify(signUp.requestBody)).toContain('password');
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('rate limits sign-in attempts per client with 429 in the error shape', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '203.0.113.9',
        payload: { email: 'nobody@example.com', password: 'whatever123' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await attempt();
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Other clients are not affected.
    const other = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(200);
  });
});
