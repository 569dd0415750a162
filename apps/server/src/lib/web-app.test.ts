import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const indexHtml = '<!doctype html><title>Huddle</title><div id="root"></div>';
const authHtml = '<!doctype html><title>Huddle</title><div id="root" data-entry="auth"></div>';
/** The cookie that stands for a live session in these tests. */
const sessionCookie = 'session=live';
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'huddle-web-'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'auth.html'), authHtml);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1);');
  app = Fastify();
  await registerWebApp(app, dir, {
    isSignedIn: async (request) => {
      if (request.headers.cookie === 'session=broken') throw new Error('database down');
      return request.headers.cookie === sessionCookie;
    },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/home', '/discover/events/abc', '/no-such-page', '/settings?tab=privacy'])(
    'HEAD %s answers as GET does, without the body',
    async (url) => {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode).toBe(200);
      expect(get.body).toBe(indexHtml);
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control', 'etag']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
      expect(head.headers['cache-control']).toBe('no-cache');
    },
  );

  it('HEAD of a hashed asset answers as GET does', async () => {
    const get = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-1234.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps API paths, missing files and other methods as 404, not the page', async () => {
    for (const [method, url] of [
      ['HEAD', '/api/nothing'],
      ['GET', '/api/nothing'],
      ['HEAD', '/missing.png'],
      ['POST', '/home'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('HEAD / answers as GET / does: a redirect to sign-up for a visitor, home when signed in', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const visitor = await app.inject({ method, url: '/' });
      expect(visitor.statusCode, method).toBe(302);
      expect(visitor.headers.location).toBe('/auth/sign-up');
      const member = await app.inject({ method, url: '/', headers: { cookie: sessionCookie } });
      expect(member.headers.location).toBe('/home');
    }
    // A session that cannot be read leaves the visitor on the way in, not on an error.
    const broken = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'session=broken' } });
    expect(broken.headers.location).toBe('/auth/sign-up');
  });

  it('sends the auth pages the small sign-in entry, and a signed-in person on to where they were heading', async () => {
    for (const url of ['/auth/login', '/auth/sign-up/', '/auth/forgot-password', '/auth/reset-password?token=t']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(authHtml);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const home = await app.inject({ method: 'GET', url: '/auth/login', headers: { cookie: sessionCookie } });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/home');
    const back = await app.inject({
      method: 'GET',
      url: '/auth/login?returnTo=%2Fteams%2F42%3Ftab%3Dseasons',
      headers: { cookie: sessionCookie },
    });
    expect(back.headers.location).toBe('/teams/42?tab=seasons');
    // Only a path on this site: a crafted returnTo falls back to home.
    const crafted = await app.inject({
      method: 'GET',
      url: '/auth/login?returnTo=%2F%2Fevil.example',
      headers: { cookie: sessionCookie },
    });
    expect(crafted.headers.location).toBe('/home');
  });

  it('sends /auth to the login page and an unknown auth path to the app (its not-found page)', async () => {
    const bare = await app.inject({ method: 'GET', url: '/auth?returnTo=%2Fhome' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/auth/login?returnTo=%2Fhome');
    const unknown = await app.inject({ method: 'GET', url: '/auth/nothing-here' });
    expect(unknown.body).toBe(indexHtml);
  });
});
