import type { CustomDomain } from '@huddle/shared/custom-domains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { createResponseCache } from '../../lib/response-cache.ts';
import {
  createTeamAs,
  insertEvent,
  insertParty,
  insertPlace,
  signUpUser,
  type TestUser,
} from '../../test/factories.ts';
import { createFakeDns } from '../../test/fake-dns.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { partners } from '../partners/partners.schema.ts';
import { posts } from '../posts/posts.schema.ts';
import { tournaments } from '../tournaments/tournaments.schema.ts';
import { sitemapPage, sitemapRoot, type SitemapDeps, type SitemapDocument } from './seo.service.ts';

/**
 * Issue 33: sitemap.xml lists only what a visitor may open, splits past its limit, and robots.txt
 * keeps crawlers out of private routes without breaking a community's own domain; preview images
 * show a page as it is now, cached no longer than its spots left stay true.
 */
const dns = createFakeDns();
let t: TestApp;
let origin: string;
let owner: TestUser;
const ids: Record<string, string> = {};

async function insertTournament(teamId: string, name: string) {
  const [row] = await t.db
    .insert(tournaments)
    .values({
      teamId,
      name,
      format: 'single_elimination',
      startsAt: new Date('2030-04-05T14:00:00Z'),
      endsAt: new Date('2030-04-05T23:00:00Z'),
      courts: ['Court 1'],
      matchMinutes: 30,
    })
    .returning({ id: tournaments.id });
  return row!.id;
}

async function insertPost(title: string, deletedAt: Date | null = null) {
  const [row] = await t.db
    .insert(posts)
    .values({
      authorId: owner.user.id,
      category: 'play-competition',
      subcategory: 'find-a-game',
      title,
      text: 'Anyone up for a game?',
      deletedAt,
    })
    .returning({ id: posts.id });
  return row!.id;
}

async function insertPartner(values: Partial<typeof partners.$inferInsert> & { name: string }) {
  const [row] = await t.db
    .insert(partners)
    .values({ type: 'league', ...values })
    .returning({ id: partners.id });
  return row!.id;
}

async function connectCustomDomain(domain: string) {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
  const site = (await call('POST', '/api/websites', { template: 'club', teamId: ids.publicTeam })).json();
  await call('POST', `/api/websites/${site.id}/publish`, { published: true });
  const added = (await call('POST', `/api/websites/${site.id}/domains`, { domain })).json<CustomDomain>();
  dns.set(domain, { CNAME: [new URL(origin).hostname] });
  dns.set(`_huddle.${domain}`, { TXT: [added.records[1]?.value ?? ''] });
  const checked = await call('POST', `/api/custom-domains/${added.id}/check`, {});
  expect(checked.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({}, { dns: dns.lookup });
  origin = t.config.publicOrigin;
  owner = await signUpUser(t.app, { name: 'Olive Owner' });
  ids.publicTeam = (await createTeamAs(t.app, owner.cookie, { name: 'Open Otters' })).id;
  ids.privateTeam = (
    await createTeamAs(t.app, owner.cookie, { name: 'Secret Sharks', visibility: 'private', joinPolicy: 'invite' })
  ).id;
  const place = await insertPlace(t.db, { name: 'Zilker Park Great Lawn', createdBy: owner.user.id });
  ids.place = place.id;
  const event = (overrides: Parameters<typeof insertEvent>[1] extends infer A ? Partial<A> : never) =>
    insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, ...overrides }).then((row) => row.id);
  ids.publicEvent = await event({ title: 'Open run', slots: 4 });
  ids.publicEventOfPrivateTeam = await event({ teamId: ids.privateTeam, title: 'Sharks open day' });
  ids.cancelledEvent = await event({ title: 'Called off', cancelledAt: new Date() });
  ids.teamOnlyEvent = await event({ teamId: ids.privateTeam, visibility: 'team', title: 'Sharks practice' });
  ids.pastEvent = await event({ startLocal: '2020-06-04T18:00', endLocal: '2020-06-04T20:00', title: 'Long gone' });
  ids.post = await insertPost('Looking for a keeper');
  ids.deletedPost = await insertPost('Deleted ask', new Date());
  ids.partner = await insertPartner({ name: 'Austin Rec League', teamId: ids.publicTeam });
  ids.hiddenPartner = await insertPartner({ name: 'Not preferred', preferred: false, teamId: ids.publicTeam });
  ids.privateLeague = await insertPartner({ name: 'Closed League', teamId: ids.privateTeam });
  ids.tournament = await insertTournament(ids.publicTeam, 'Spring Smash');
  ids.privateTournament = await insertTournament(ids.privateTeam, 'Sharks Cup');
  await connectCustomDomain('otters.example.org');
});
afterAll(async () => {
  await t?.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');

async function text(document: SitemapDocument): Promise<string> {
  if (document.kind === 'not-found') return 'not-found';
  if (document.kind === 'index') return document.body;
  let body = '';
  for await (const part of document.body) body += part;
  return body;
}

describe('sitemap.xml', () => {
  it('lists the public pages with when they changed, and nothing private, deleted or over', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
    const urls = locs(response.body);
    const listed = [
      `/discover/events/${ids.publicEvent}`,
      // A private team's public event is public (its team is not named on it).
      `/discover/events/${ids.publicEventOfPrivateTeam}`,
      // Still upcoming: search engines learn of the cancellation from the page (eventStatus).
      `/discover/events/${ids.cancelledEvent}`,
      `/team/${ids.publicTeam}`,
      `/places/view/${ids.place}`,
      `/tournament/${ids.tournament}`,
      `/posts/play-competition/find-a-game/${ids.post}`,
      `/partner/preferred/${ids.partner}`,
      `/partner/events/${ids.partner}`,
      `/partner/preferred/${ids.privateLeague}`,
      '/discover',
      '/partners/leagues',
    ];
    for (const path of listed) expect(urls, path).toContain(`${origin}${path}`);
    const unlisted = [
      ids.teamOnlyEvent,
      ids.pastEvent,
      ids.privateTeam,
      ids.deletedPost,
      ids.hiddenPartner,
      ids.privateTournament,
    ];
    for (const id of unlisted)
      expect(
        urls.filter((url) => url.includes(id!)),
        id,
      ).toEqual([]);
    // A league whose team is private is no events partner (decision 048).
    expect(urls).not.toContain(`${origin}/partner/events/${ids.privateLeague}`);
    expect(response.body).toMatch(
      new RegExp(`<loc>${origin}/team/${ids.publicTeam}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z</lastmod>`),
    );
  });

  it('becomes an index of per-kind files past its limit, which together list the same URLs', async () => {
    const deps = (urlLimit: number): SitemapDeps => ({
      db: t.db,
      clock: systemClock,
      publicOrigin: origin,
      counts: createResponseCache({ maxEntries: 1, maxBytes: 4096, sizeOf: () => 1, ttlMs: 60_000 }),
      urlLimit,
      // Smaller than a page, so a page takes several keyset batches.
      batchSize: 2,
    });
    const whole = locs(await text(await sitemapRoot(deps(50_000))));
    const split = deps(3);
    const index = await text(await sitemapRoot(split));
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index);
    expect(files).toContain(`${origin}/sitemaps/events/1.xml`);
    // Three upcoming public events fit one file of three.
    expect(files).not.toContain(`${origin}/sitemaps/events/2.xml`);
    expect(files.filter((file) => file.includes('/sitemaps/pages/')).length).toBeGreaterThan(3);
    const fromFiles: string[] = [];
    for (const file of files) {
      const [, source, page] = /\/sitemaps\/([^/]+)\/(\d+)\.xml$/.exec(file) ?? [];
      const urls = locs(await text(await sitemapPage(split, { source: source as 'events', page: Number(page) })));
      expect(urls.length, file).toBeGreaterThan(0);
      expect(urls.length, file).toBeLessThanOrEqual(3);
      fromFiles.push(...urls);
    }
    expect(fromFiles.sort()).toEqual([...whole].sort());
    expect(new Set(fromFiles).size).toBe(fromFiles.length);
    expect(await sitemapPage(split, { source: 'events', page: 2 })).toEqual({ kind: 'not-found' });
  });

  it('serves the split files by address, and nothing past the last', async () => {
    const page = await t.app.inject({ url: '/sitemaps/teams/1.xml' });
    expect(page.statusCode).toBe(200);
    expect(locs(page.body)).toEqual([`${origin}/team/${ids.publicTeam}`]);
    expect((await t.app.inject({ url: '/sitemaps/teams/2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemaps/profiles/1.xml' })).statusCode).toBe(400);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of private routes on Huddle’s host and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    for (const rule of [
      '/api/',
      '/auth/',
      '/settings',
      '/messages',
      '/discover/events/*/manage',
      '/admin',
      '/profile$',
    ])
      expect(lines).toContain(`Disallow: ${rule}`);
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // Public pages stay open: no rule is a prefix of them.
    const rules = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    const blocks = (path: string) =>
      rules.some((rule) => {
        const pattern = rule.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
        return new RegExp(`^${pattern}`).test(path);
      });
    for (const path of [
      `/discover/events/${ids.publicEvent}`,
      `/team/${ids.publicTeam}`,
      `/places/view/${ids.place}`,
      `/profile/${owner.user.id}`,
      `/og/events/${ids.publicEvent}.png`,
      '/sitemap.xml',
      '/site/view/abc/home',
    ])
      expect(blocks(path), path).toBe(false);
    for (const path of ['/settings', '/messages/abc', '/profile', `/discover/events/${ids.publicEvent}/manage`])
      expect(blocks(path), path).toBe(true);
  });

  it('lets a community’s own domain be crawled, with no Huddle sitemap, and knows no other host', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'otters.example.org' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Allow: /');
    expect(robots.body).not.toContain('Sitemap:');
    expect(robots.body).not.toContain('Disallow: /settings');
    expect((await t.app.inject({ url: '/sitemap.xml', headers: { host: 'otters.example.org' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/robots.txt', headers: { host: 'unknown.example.net' } })).statusCode).toBe(404);
  });
});

describe('preview images', () => {
  const isPng = (body: Buffer) => body.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

  it('draws an event’s PNG, cached briefly with an ETag that changes with its spots left', async () => {
    const url = `/og/events/${ids.publicEvent}.png`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(isPng(first.rawPayload)).toBe(true);
    expect(first.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(first.rawPayload.readUInt32BE(20)).toBe(630);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const player = await signUpUser(t.app, { name: 'Pat Player' });
    const view = (await t.app.inject({ url: `/api/events/${ids.publicEvent}` })).json();
    await insertParty(t.db, {
      eventId: ids.publicEvent!,
      userId: player.user.id,
      occurrenceStartsAt: new Date(view.occurrence.startsAt),
    });
    const later = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
  });

  it('draws team, place and tournament images, and none for what a visitor may not see', async () => {
    for (const url of [
      `/og/teams/${ids.publicTeam}.png`,
      `/og/places/${ids.place}.png`,
      `/og/tournaments/${ids.tournament}.png`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(isPng(response.rawPayload), url).toBe(true);
    }
    for (const url of [
      `/og/events/${ids.teamOnlyEvent}.png`,
      `/og/teams/${ids.privateTeam}.png`,
      `/og/tournaments/${ids.privateTournament}.png`,
      `/og/places/00000000-0000-4000-8000-000000000000.png`,
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });
});
