import { customHostElementId, type CustomDomain } from '@huddle/shared/custom-domains';
import { siteElementId, type SiteBootstrap } from '@huddle/shared/websites';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { registerWebApp } from '../../lib/web-app.ts';
import { createTeamCast } from '../../test/factories.ts';
import { createFakeDns } from '../../test/fake-dns.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { websitePages } from '../websites/websites.page-meta.ts';
import { customHostPages } from './custom-domains.host.ts';

/**
 * Issue 15: the Host header decides what a page request gets (spec §2, the route table on another
 * host), read as a chat app's preview fetcher reads it: plain HTTP, no JavaScript.
 */
const origin = 'http://huddle.example';
const dns = createFakeDns();
let t: TestApp;
let web: FastifyInstance;
let dir: string;
let websiteId: string;
let teamId: string;

const get = (host: string, url: string) => web.inject({ method: 'GET', url, headers: { host } });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: origin }, { dns: dns.lookup });
  const cast = await createTeamCast(t, {
    team: 'Lakeside Loons',
    owner: 'Lena Owner',
    organizer: 'Leo Organizer',
    player: 'Lou Player',
    outsider: 'Lia Outsider',
  });
  teamId = cast.teamId;
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: cast.owner.cookie }, payload });
  const site = (await call('POST', '/api/websites', { template: 'club', teamId })).json();
  websiteId = site.id;
  await call('PUT', `/api/websites/${websiteId}`, {
    version: site.version,
    meta: { title: 'Loons <Club>', description: 'Paddle & play', logoUrl: '/uploads/loon.png' },
    document: site.document,
  });
  await call('POST', `/api/websites/${websiteId}/publish`, { published: true });
  const verified = (
    await call('POST', `/api/websites/${websiteId}/domains`, { domain: 'loons.example.org' })
  ).json<CustomDomain>();
  dns.set('loons.example.org', { CNAME: ['huddle.example'] });
  dns.set('_huddle.loons.example.org', { TXT: [verified.records[1]?.value ?? ''] });
  await call('POST', `/api/custom-domains/${verified.id}/check`, {});
  await call('POST', `/api/websites/${websiteId}/domains`, { domain: 'pending.example.org' });

  dir = mkdtempSync(path.join(tmpdir(), 'huddle-host-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><meta name="description" content="Huddle app" /><title>Huddle</title></head><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'auth.html'), '<!doctype html><title>Sign in</title>');
  writeFileSync(
    path.join(dir, 'site.html'),
    '<!doctype html><head><meta name="description" content="A team site" /><title>Huddle</title></head><div id="root" data-entry="site"></div>',
  );
  web = Fastify();
  await registerWebApp(web, dir, {
    currentUser: async () => null,
    sitePage: websitePages(t.db, systemClock, origin),
    hostPage: customHostPages(t.db, systemClock, origin),
  });
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const dataBlockOf = (html: string, id: string) => {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1] ?? '') : null;
};
const bootstrapOf = (html: string) => dataBlockOf(html, customHostElementId);
/** A site page is site.html, the sites' light entry (decision 041), carrying the site. */
const siteOf = (html: string): SiteBootstrap | null =>
  html.includes('data-entry="site"') ? dataBlockOf(html, siteElementId) : null;

describe('a page request by host', () => {
  it('Huddle’s own host (and localhost, an IP) gets the whole app', async () => {
    for (const host of ['huddle.example', 'localhost:3000', '127.0.0.1:3000']) {
      const root = await get(host, '/');
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe('/auth/sign-up');
      const page = await get(host, '/discover');
      expect(page.statusCode).toBe(200);
      expect(bootstrapOf(page.body)).toBeNull();
    }
  });

  it('a verified domain gets the site at its root, with the site’s preview tags and the site itself', async () => {
    const home = await get('loons.example.org', '/');
    expect(home.statusCode).toBe(200);
    expect(siteOf(home.body)?.basePath).toBe('');
    expect(siteOf(home.body)?.site?.id).toBe(websiteId);
    expect(siteOf(home.body)?.site?.meta.title).toBe('Loons <Club>');
    expect(home.body).toContain('<title>Loons &lt;Club&gt;</title>');
    expect(home.body).toContain('<meta property="og:title" content="Loons &lt;Club&gt;">');
    expect(home.body).toContain('<meta name="description" content="Paddle &amp; play">');
    expect(home.body).toContain('<meta property="og:url" content="http://loons.example.org/">');
    expect(home.body).toContain(`<meta property="og:image" content="${origin}/uploads/loon.png">`);

    const join = await get('LOONS.example.org', '/join');
    expect(join.statusCode).toBe(200);
    expect(join.body).toContain('<title>Join | Loons &lt;Club&gt;</title>');
    expect(siteOf(join.body)?.site?.id).toBe(websiteId);
  });

  it('serves the form routes on a verified domain, sends Huddle’s own pages and sign-in to Huddle’s origin, 404s the rest', async () => {
    const formId = '6f1c1d1e-8d3b-4c55-9a0e-2a9a6f7b5c11';
    for (const url of ['/form', `/form/build/${formId}`, `/form/${formId}`, `/form/${formId}/submissions`]) {
      const page = await get('loons.example.org', url);
      expect(page.statusCode, url).toBe(200);
      // The form routes are the app's (index.html), switched to the reduced route table.
      expect(bootstrapOf(page.body)).toEqual({ domain: 'loons.example.org', websiteId, teamId, huddleOrigin: origin });
      expect(siteOf(page.body)).toBeNull();
    }
    expect((await get('loons.example.org', `/form/payment/${formId}/${formId}`)).statusCode).toBe(200);
    const event = await get('loons.example.org', '/discover/events/123');
    expect(event.statusCode).toBe(302);
    expect(event.headers.location).toBe(`${origin}/discover/events/123`);
    const other = await get('loons.example.org', '/no-such-page');
    expect(other.statusCode).toBe(404);
    expect(siteOf(other.body)?.site?.id).toBe(websiteId);
  });

  it('sends a guard’s sign-in through the hop on Huddle’s origin and back to the same page (decision 038)', async () => {
    const next = (path: string) => encodeURIComponent(`http://loons.example.org${path}`);
    const signIn = await get('loons.example.org', '/auth/login?returnTo=%2Fform%3Fx%3D1');
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe(`${origin}/api/custom-domains/sign-in?next=${next('/form?x=1')}`);
    const signUp = await get('loons.example.org', '/auth/sign-up?returnTo=%2Fform');
    expect(signUp.headers.location).toBe(
      `${origin}/auth/sign-up?returnTo=${encodeURIComponent(`/api/custom-domains/sign-in?next=${next('/form')}`)}`,
    );
    // Signing out lands on the login page without a returnTo: the site's home, not straight back in.
    const signedOut = await get('loons.example.org', '/auth/login');
    expect(signedOut.headers.location).toBe('/');
    // A returnTo that leaves the site is dropped, as on Huddle's own host.
    expect((await get('loons.example.org', '/auth/login?returnTo=%2F%2Fevil.example')).headers.location).toBe('/');
    const forgot = await get('loons.example.org', '/auth/forgot-password');
    expect(forgot.headers.location).toBe(`${origin}/auth/forgot-password`);
  });

  it('an unverified or unknown host is told plainly that it is not connected', async () => {
    for (const host of ['pending.example.org', 'stranger.example.com']) {
      const page = await get(host, '/');
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This domain is not connected to Huddle.');
      expect(page.body).not.toContain('id="root"');
    }
  });
});
