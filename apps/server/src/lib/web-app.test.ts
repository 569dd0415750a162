import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, defaultPrivacySettings, type CurrentUser } from '@huddle/shared/users';
import { registerWebApp } from './web-app.ts';

const indexHtml =
  '<!doctype html><head><title>Huddle</title><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" href="/assets/ui-1.js"></head>' +
  '<div id="root"><div class="boot-loader" role="status"><span>Huddle</span></div></div>';
/** What Vite's manifest says the home page's modules load (the shared `ui` chunk is in index.html already). */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_ui-1.js'] },
  '_ui-1.js': { file: 'assets/ui-1.js' },
  '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_ui-1.js'], css: ['assets/cards-1.css'] },
  'src/app/layouts/signed-in-route.tsx': { file: 'assets/signed-in-route-1.js', imports: ['_ui-1.js'] },
  'src/app/pages/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['_cards-1.js', '_ui-1.js'] },
};
/** The signed-in user these tests stand for; the name tries to end the data block early. */
const member: CurrentUser = {
  id: 'u1',
  email: 'member@huddle.test',
  emailVerified: true,
  displayName: '</script><script>alert(1)</script>',
  displayNameFallback: false,
  photoURL: '/images/default-avatar.svg',
  hasAdditionalInfo: true,
  fullName: null,
  bio: null,
  pronouns: null,
  gender: null,
  joinReason: null,
  selfRatedLevel: null,
  games: [],
  defaultCity: null,
  feedbackSubmitted: false,
  subscription: 'Free',
  notificationSettings: defaultNotificationSettings,
  notificationSettingsSaved: false,
  privacy: defaultPrivacySettings,
  distanceUnit: null,
  usageAnalytics: true,
  createdAt: '2026-11-01T12:00:00.000Z',
};
/** The session data block index.html carries (the web app reads it instead of asking). */
const sessionBlock = (body: string) => {
  const match = /<script type="application\/json" id="huddle-session">(.*?)<\/script>/.exec(body);
  return match ? (JSON.parse(match[1] ?? '') as { user: CurrentUser | null }) : undefined;
};
const authHtml = '<!doctype html><head><title>Huddle</title></head><div id="root" data-entry="auth"></div>';
/** auth.html as sent: the auth pages' config in a data block (decision 063). */
const authPageSent =
  '<!doctype html><head><title>Huddle</title><script type="application/json" id="huddle-auth-config">' +
  '{"socialProviders":["google"]}</script></head><div id="root" data-entry="auth"></div>';
/** The cookie that stands for a live session in these tests. */
const sessionCookie = 'session=live';
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'huddle-web-'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'auth.html'), authHtml);
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1);');
  app = Fastify();
  await registerWebApp(app, dir, {
    currentUser: async (request) => {
      if (request.headers.cookie === 'session=broken') throw new Error('database down');
      return request.headers.cookie === sessionCookie ? member : null;
    },
    authPageConfig: { socialProviders: ['google'] },
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
      expect(get.body).toContain('<div id="root"><div class="boot-loader"');
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control', 'etag']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
      expect(head.headers['cache-control']).toBe('private, no-store');
    },
  );

  it('carries the session it was sent under, which no name can break out of', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/discover' });
    expect(sessionBlock(visitor.body)).toEqual({ user: null });
    const signedIn = await app.inject({ method: 'GET', url: '/discover', headers: { cookie: sessionCookie } });
    expect(sessionBlock(signedIn.body)).toEqual({ user: member });
    // The one closing tag in the block is its own: the name's "<" went in escaped.
    expect(signedIn.body.match(/<\/script>/g)).toHaveLength(2);
    expect(signedIn.body).not.toContain('<script>alert(1)');
    // A session that cannot be read gives the page as to a visitor.
    const broken = await app.inject({ method: 'GET', url: '/discover', headers: { cookie: 'session=broken' } });
    expect(sessionBlock(broken.body)).toEqual({ user: null });
  });

  it("paints a signed-in person's landing page heading before any script, escaped; the loader elsewhere", async () => {
    const home = await app.inject({ method: 'GET', url: '/home', headers: { cookie: sessionCookie } });
    expect(home.body).toContain('<h1>Welcome, &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(home.body).toContain('<p class="first-frame-lead">Here is your Huddle at a glance.</p>');
    expect(home.body).not.toContain('boot-loader');
    const discover = await app.inject({ method: 'GET', url: '/discover/places', headers: { cookie: sessionCookie } });
    expect(discover.body).toContain('<h1>Discover</h1>');
    // No city saved: the page says "near you" too.
    expect(discover.body).toContain('Games, teams, players and places near you.');
    for (const [url, cookie] of [
      ['/home', undefined],
      ['/discover', undefined],
      ['/settings', sessionCookie],
      ['/discover/events/abc', sessionCookie],
    ] as const) {
      const page = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(page.body, url).toContain('boot-loader');
      expect(page.body, url).not.toContain('first-frame');
    }
  });

  it("preloads a landing page's own chunks and styles, not what index.html loads already", async () => {
    const home = await app.inject({ method: 'GET', url: '/home' });
    const preloaded = [...home.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="\/([^"]+)"/g)].map(
      (match) => match[2],
    );
    expect(preloaded.sort()).toEqual(
      [
        'assets/cards-1.css',
        'assets/cards-1.js',
        'assets/home-page-1.js',
        'assets/signed-in-route-1.js',
        'assets/ui-1.js',
      ].sort(),
    );
    // Needed only once the scripts run, after the first paint: low priority, behind the stylesheet.
    const added = [...home.body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].filter(
      ([tag]) => !tag.includes('ui-1.js'),
    );
    expect(added).toHaveLength(4);
    for (const [tag] of added) expect(tag).toContain('fetchpriority="low"');
    // assets/ui-1.js once: index.html's own tag, not a second one.
    expect(home.body.match(/assets\/ui-1\.js/g)).toHaveLength(1);
    const other = await app.inject({ method: 'GET', url: '/settings' });
    expect(other.body).not.toContain('home-page-1.js');
  });

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

  it('sends the auth pages the small sign-in entry with its config written in, and a signed-in person on to where they were heading', async () => {
    for (const url of ['/auth/login', '/auth/sign-up/', '/auth/forgot-password', '/auth/reset-password?token=t']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(authPageSent);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
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
    expect(unknown.body).toContain('<div id="root"><div class="boot-loader"');
  });

  it('starts without a web build (an API-only instance) and answers pages with 404', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'huddle-no-web-'));
    const apiOnly = Fastify();
    try {
      await registerWebApp(apiOnly, empty, { currentUser: async () => null });
      expect((await apiOnly.inject({ method: 'GET', url: '/home' })).statusCode).toBe(404);
    } finally {
      await apiOnly.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
