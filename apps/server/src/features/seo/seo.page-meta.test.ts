import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { createRealtimeHub } from '../../lib/realtime-hub.ts';
import { registerWebApp } from '../../lib/web-app.ts';
import {
  collectMails,
  createTeamAs,
  insertEvent,
  insertParty,
  insertPlace,
  signUpUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { teams } from '../teams/teams.schema.ts';
import { tournaments } from '../tournaments/tournaments.schema.ts';
import { publicPageMeta } from './seo.page-meta.ts';

/**
 * Issue 33: the <head> of the public pages as the server sends it, read as a chat app's link
 * preview and a search engine read it: plain HTTP, no JavaScript.
 */
const hostile = '</script><script>alert(1)</script>';
let t: TestApp;
let web: FastifyInstance;
let dir: string;
let origin: string;
let owner: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicOrigin;
  owner = await signUpUser(t.app, { name: 'Olive Owner' });
  await t.db.update(users).set({ bio: 'Keeper on Sundays.' }).where(eq(users.id, owner.user.id));
  ids.team = (await createTeamAs(t.app, owner.cookie, { name: 'Lakeside Loons', gameType: 'Soccer' })).id;
  ids.privateTeam = (
    await createTeamAs(t.app, owner.cookie, { name: 'Secret Sharks', visibility: 'private', joinPolicy: 'invite' })
  ).id;
  // Names straight into the rows: the hostile one need not pass the forms' rules to be escaped.
  await t.db
    .update(teams)
    .set({ description: `Sunday doubles ${hostile}` })
    .where(eq(teams.id, ids.team));
  const place = await insertPlace(t.db, {
    name: `Zilker ${hostile} Lawn`,
    address: '2100 Barton Springs Rd, Austin, TX 78704',
    lat: 30.2669,
    lng: -97.7729,
  });
  ids.place = place.id;
  const event = (overrides: Partial<Parameters<typeof insertEvent>[1]>) =>
    insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, ...overrides }).then((row) => row.id);
  ids.event = await event({
    title: `Tuesday 7v7 ${hostile}`,
    teamId: ids.team,
    slots: 10,
    priceCents: 500,
    startLocal: '2030-06-04T18:00',
    endLocal: '2030-06-04T20:00',
  });
  ids.cancelled = await event({ title: 'Called off', cancelledAt: new Date() });
  ids.teamOnly = await event({ title: 'Sharks practice', teamId: ids.privateTeam, visibility: 'team' });
  const player = await signUpUser(t.app, { name: 'Pat Player' });
  await insertParty(t.db, {
    eventId: ids.event,
    userId: player.user.id,
    occurrenceStartsAt: new Date('2030-06-04T23:00:00Z'),
  });
  for (const [key, teamId] of [
    ['tournament', ids.team],
    ['privateTournament', ids.privateTeam],
  ] as const) {
    const [row] = await t.db
      .insert(tournaments)
      .values({
        teamId,
        name: key === 'tournament' ? 'Spring Smash' : 'Sharks Cup',
        format: 'round_robin',
        startsAt: new Date('2030-04-05T14:00:00Z'),
        endsAt: new Date('2030-04-05T23:00:00Z'),
        placeName: 'Krieg Fields',
        courts: ['Court 1'],
        matchMinutes: 30,
      })
      .returning({ id: tournaments.id });
    ids[key] = row!.id;
  }

  dir = mkdtempSync(path.join(tmpdir(), 'huddle-seo-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Huddle app" /><title>Huddle</title></head><body><div id="root"></div></body></html>',
  );
  web = Fastify();
  await registerWebApp(web, dir, {
    currentUser: async () => null,
    pageMeta: publicPageMeta({
      db: t.db,
      clock: systemClock,
      mailer: collectMails().mailer,
      jobs: t.jobs,
      realtime: createRealtimeHub(),
      publicOrigin: origin,
      flagDefaults: t.config.flagDefaults,
      log: t.app.log,
    }),
  });
});
afterAll(async () => {
  await web?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** What a link preview reads: <meta property|name=… content=…>, entities decoded. */
function metaTags(html: string): Record<string, string> {
  const decode = (value: string) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[match[1] ?? ''] = decode(match[2] ?? '');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (title !== undefined) tags.title = decode(title);
  return tags;
}

/** The JSON-LD blocks of a page, as a search engine parses them. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );

const page = async (url: string) => {
  const response = await web.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};

describe('a game’s link, fetched as a chat app fetches it', () => {
  it('gets its title, date on its own clock, place and spots left in the Open Graph tags', async () => {
    await web.listen({ port: 0, host: '127.0.0.1' });
    const address = web.server.address() as { port: number };
    // A chat app's preview fetcher: plain HTTP, its own user agent, no cookies, no JavaScript.
    const response = await fetch(`http://127.0.0.1:${address.port}/evt/${ids.event}`, {
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
    });
    expect(response.status).toBe(200);
    const tags = metaTags(await response.text());
    const when = 'Tue, Jun 4, 2030, 6:00 PM CDT';
    expect(tags['og:title']).toBe(`Tuesday 7v7 ${hostile} · ${when} | Huddle`);
    expect(tags['og:description']).toBe(
      `Soccer, $5. ${when} at Zilker ${hostile} Lawn, 2100 Barton Springs Rd, Austin, TX 78704. 9 spots left of 10.`,
    );
    expect(tags['og:url']).toBe(`${origin}/discover/events/${ids.event}`);
    expect(tags['og:image']).toMatch(new RegExp(`^${origin}/og/events/${ids.event}\\.png\\?v=[\\w-]{16}$`));
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(tags['og:image:alt']).toContain('9 spots left of 10');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:description']).toBe(tags['og:description']);
    expect(tags.title).toBe(tags['og:title']);

    // The image it names is there, and is the PNG of this game.
    const image = await t.app.inject({ url: new URL(tags['og:image'] ?? '').pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('reads the same from each of the event’s addresses, with one canonical URL', async () => {
    for (const url of [`/discover/events/${ids.event}`, `/discover/games/${ids.event}/`]) {
      const html = await page(url);
      expect(metaTags(html)['og:url'], url).toBe(`${origin}/discover/events/${ids.event}`);
      expect(html, url).toContain(`<link rel="canonical" href="${origin}/discover/events/${ids.event}">`);
    }
  });
});

describe('structured data in the first HTML', () => {
  it('carries the event’s SportsEvent, escaped so a name cannot end the script element', async () => {
    const html = await page(`/discover/events/${ids.event}`);
    // The only script elements are the data blocks, each closed once: nothing a name wrote.
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    const [event] = jsonLd(html);
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: `Tuesday 7v7 ${hostile}`,
      url: `${origin}/discover/events/${ids.event}`,
      sport: 'Soccer',
      startDate: '2030-06-04T18:00:00-05:00',
      endDate: '2030-06-04T20:00:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      maximumAttendeeCapacity: 10,
      remainingAttendeeCapacity: 9,
      location: {
        '@type': 'SportsActivityLocation',
        name: `Zilker ${hostile} Lawn`,
        address: { streetAddress: '2100 Barton Springs Rd', addressLocality: 'Austin', postalCode: '78704' },
        geo: { '@type': 'GeoCoordinates', latitude: 30.2669, longitude: -97.7729 },
      },
      organizer: { '@type': 'SportsTeam', name: 'Lakeside Loons', url: `${origin}/team/${ids.team}` },
      offers: {
        '@type': 'Offer',
        price: '5.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(html).toContain('\\u003c/script>');
  });

  it('marks a cancelled game cancelled, and says nothing of a team-only one', async () => {
    const cancelled = await page(`/discover/events/${ids.cancelled}`);
    expect(jsonLd(cancelled)[0]?.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(metaTags(cancelled)['og:description']).toMatch(/Cancelled\.$/);
    // Organized by a person (no team): the creator, by the public profile.
    expect(jsonLd(cancelled)[0]?.organizer).toEqual({
      '@type': 'Person',
      name: 'Olive Owner',
      url: `${origin}/profile/${owner.user.id}`,
    });

    const hidden = await page(`/discover/events/${ids.teamOnly}`);
    expect(metaTags(hidden).title).toBe('Huddle');
    expect(hidden).not.toContain('Sharks practice');
    expect(jsonLd(hidden)).toEqual([]);
  });

  it('gives a public team its SportsTeam and preview, and a private one nothing', async () => {
    const html = await page(`/team/${ids.team}`);
    const tags = metaTags(html);
    expect(tags.title).toBe('Lakeside Loons | Soccer team on Huddle');
    expect(tags['og:description']).toBe(`Sunday doubles ${hostile}`);
    expect(tags['og:image']).toMatch(new RegExp(`^${origin}/og/teams/${ids.team}\\.png\\?v=`));
    expect(jsonLd(html)).toEqual([
      expect.objectContaining({
        '@type': 'SportsTeam',
        name: 'Lakeside Loons',
        sport: 'Soccer',
        url: `${origin}/team/${ids.team}`,
      }),
    ]);
    expect(html).not.toContain('<script>alert(1)');

    const hidden = await page(`/team/${ids.privateTeam}`);
    expect(metaTags(hidden).title).toBe('Huddle');
    expect(hidden).not.toContain('Secret Sharks');
  });

  it('gives a place its SportsActivityLocation with address and geo', async () => {
    const html = await page(`/places/view/${ids.place}`);
    expect(metaTags(html).title).toBe(`Zilker ${hostile} Lawn | Games and players on Huddle`);
    expect(jsonLd(html)).toEqual([
      expect.objectContaining({
        '@type': 'SportsActivityLocation',
        address: expect.objectContaining({ addressRegion: 'TX', addressCountry: 'US' }),
        geo: { '@type': 'GeoCoordinates', latitude: 30.2669, longitude: -97.7729 },
        url: `${origin}/places/view/${ids.place}`,
      }),
    ]);
  });
});

describe('titles and previews of the other public pages', () => {
  it('names a public team’s tournament with its days, and not a private team’s', async () => {
    const tags = metaTags(await page(`/tournament/${ids.tournament}`));
    expect(tags.title).toBe('Spring Smash | Lakeside Loons tournament on Huddle');
    expect(tags['og:description']).toBe(
      'Lakeside Loons tournament, Fri, Apr 5, 2030 at Krieg Fields. Round robin (pools, then knockout), 0 entrants.',
    );
    expect(tags['og:image']).toMatch(new RegExp(`/og/tournaments/${ids.tournament}\\.png\\?v=`));
    expect(metaTags(await page(`/tournament/${ids.privateTournament}`)).title).toBe('Huddle');
  });

  it('names a player by their public profile, and keeps index.html’s tags for an unknown one', async () => {
    const tags = metaTags(await page(`/profile/${owner.user.id}`));
    expect(tags.title).toBe('Olive Owner | Huddle player');
    expect(tags['og:description']).toBe('Keeper on Sundays.');
    expect(tags['og:image']).toBeUndefined();
    expect(metaTags(await page('/profile/nobody-here')).title).toBe('Huddle');
    // Pages that are nobody's public page keep index.html's tags too.
    for (const url of ['/settings', `/discover/events/${ids.event}/manage`, '/places/view/not-a-uuid'])
      expect(metaTags(await page(url)).title, url).toBe('Huddle');
  });
});
