import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEventAs,
  createTeamAs,
  insertPlace,
  signUpUser,
  tournamentBodyFor,
  type TestUser,
} from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { serverEntryPath } from './server-render.ts';

/**
 * The server render of the content pages (issue 33, decision 075's addendum: team and place), through
 * the built web app's server entry and the real services: what the HTML says before any script runs,
 * and that the data the browser hydrates from is, key for key, what the API sends the same person.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let teamId: string;
let privateTeamId: string;
let placeId: string;
let tournamentId: string;
const missingId = '00000000-0000-4000-8000-000000000000';

type Query = { queryKey: unknown[]; data: unknown };

/** #root's markup and the server-render data block of a page. */
function pageParts(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const match = /<script type="application\/json" id="huddle-server-render">(.*?)<\/script>/.exec(html);
  const state = match
    ? (JSON.parse(match[1] ?? '') as { loaderData: Record<string, unknown>; queries: Query[] })
    : undefined;
  return { root, state };
}

/**
 * The page's <head> as decision 076 writes it and its body as the render does: each tag once, and
 * the head's name (title, og:title, JSON-LD) the body's heading.
 */
function expectHeadOnceAndAgreeing(html: string, { name, type }: { name: string; type: string }) {
  const head = html.slice(0, html.indexOf('</head>'));
  const count = (pattern: RegExp) => head.match(new RegExp(pattern, 'g'))?.length ?? 0;
  expect(count(/<title>/), '<title>').toBe(1);
  expect(count(/<meta name="description"/), 'description').toBe(1);
  expect(count(/<meta property="og:title"/), 'og:title').toBe(1);
  expect(count(/<link rel="canonical"/), 'canonical').toBe(1);
  expect(count(/<script type="application\/ld\+json">/), 'JSON-LD').toBe(1);
  expect(count(/id="huddle-server-render"/), 'the render state').toBe(1);
  // Nothing of the head in the body: React writes no title, meta or JSON-LD of its own there.
  const body = html.slice(html.indexOf('</head>'));
  expect(body).not.toMatch(/<title>|<meta |application\/ld\+json|rel="canonical"/);
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  expect(head).toContain(`<title>${escaped} | `);
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1] ?? '{}') as {
    '@type': string;
    name: string;
  };
  expect(ld).toMatchObject({ '@type': type, name });
  expect(pageParts(html).root).toContain(`${escaped}</h1>`);
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/**
 * Each query the page was rendered from, against the API's reply to the same person: the keys the
 * page's hooks read (get-team.ts, list-seasons.ts, list-team-events.ts, list-tournaments.ts,
 * get-place.ts, get-place-events.ts) and the endpoints they ask.
 */
async function expectSameAsApi(
  queries: Query[],
  expected: Record<string, string | { url: string; field: string }>,
  cookie?: string,
) {
  const byKey = new Map(queries.map((query) => [JSON.stringify(query.queryKey), query.data]));
  for (const [key, source] of Object.entries(expected)) {
    // A hook that keeps one field of the reply (get-connection-status.ts keeps `status`).
    const { url, field } = typeof source === 'string' ? { url: source, field: null } : source;
    const api = await get(url, cookie);
    expect(api.statusCode, url).toBe(200);
    const reply = api.json() as Record<string, unknown>;
    expect(byKey.get(key), key).toEqual(field ? reply[field] : reply);
  }
  // Nothing else but the session: what the page did not read is not carried.
  expect(queries.map((query) => JSON.stringify(query.queryKey)).sort()).toEqual(
    [...Object.keys(expected), JSON.stringify(['session'])].sort(),
  );
}

const teamQueries = (id: string) => ({
  [JSON.stringify(['teams', 'detail', id])]: `/api/teams/${id}`,
  [JSON.stringify(['teams', 'seasons', id])]: `/api/teams/${id}/seasons`,
  [JSON.stringify(['events', 'team', id])]: `/api/teams/${id}/events`,
  [JSON.stringify(['tournaments', 'team', id])]: `/api/teams/${id}/tournaments`,
});
const profileQueries = (id: string, signedInOther: boolean) => ({
  [JSON.stringify(['public-profile', id])]: `/api/users/${id}/profile`,
  ...(signedInOther && {
    [JSON.stringify(['connections', 'status', id])]: { url: `/api/connections/with/${id}`, field: 'status' },
  }),
});
const placeQueries = (id: string) => ({
  [JSON.stringify(['places', 'detail', id])]: `/api/places/${id}`,
  [JSON.stringify(['places', 'events', id])]: `/api/places/${id}/events`,
});

beforeAll(async () => {
  // The render runs the web build's server entry: build it when this checkout has none (npm test builds first).
  if (!existsSync(serverEntryPath(webDist)) || !existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@huddle/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  t = await createTestApp({ WEB_DIST_DIR: webDist }, { serveWebApp: true });
  owner = await signUpUser(t.app, { name: 'Olive Owner' });
  other = await signUpUser(t.app, { name: 'Otto Other' });
  teamId = (await createTeamAs(t.app, owner.cookie, { name: 'Eastside <i>Kickers</i>' })).id;
  privateTeamId = (await createTeamAs(t.app, owner.cookie, { name: 'Hidden Hawks', visibility: 'private' })).id;
  const place = await insertPlace(t.db, { name: 'Krieg <Fields>', address: '517 S Pleasant Valley Rd, Austin, TX' });
  placeId = place.id;
  await createEventAs(t.app, owner.cookie, placeId, { title: 'Team <b>Futsal</b>', teamId });
  await createEventAs(t.app, owner.cookie, placeId, { title: 'Open Pickup', slots: 12 });
  const season = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/seasons`,
    headers: { cookie: owner.cookie },
    payload: {
      label: 'Autumn League',
      startsOn: '2030-09-01',
      endsOn: '2030-11-30',
      registrationOpensAt: '2026-01-01T00:00:00Z',
      registrationClosesAt: '2030-08-31T23:00:00Z',
      capacity: 20,
      feeCents: null,
      status: 'published',
    },
  });
  expect(season.statusCode, season.body).toBe(201);
  const tournament = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/tournaments`,
    headers: { cookie: owner.cookie },
    payload: tournamentBodyFor({ name: 'Spring Smash' }),
  });
  expect(tournament.statusCode, tournament.body).toBe(201);
  tournamentId = (tournament.json() as { id: string }).id;
  const checkIn = await t.app.inject({
    method: 'POST',
    url: `/api/places/${placeId}/check-ins`,
    headers: { cookie: owner.cookie },
    payload: { hours: 2 },
  });
  expect(checkIn.statusCode, checkIn.body).toBe(201);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('server rendering of a team page', () => {
  it('arrives with the team, its seasons, events and tournaments for a visitor, as the API sends them', async () => {
    const response = await get(`/team/${teamId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { root, state } = pageParts(response.body);
    // Escaped by React: the name's markup is text.
    expect(root).toContain('Eastside &lt;i&gt;Kickers&lt;/i&gt;</h1>');
    expect(root).toContain('Autumn League');
    expect(root).toContain('>Team &lt;b&gt;Futsal&lt;/b&gt;</a>');
    expect(root).toContain('Spring Smash');
    expect(root).toContain('Olive Owner');
    expect(root).not.toContain('Loading');
    expect(root).not.toContain('boot-loader');
    // A visitor: no organizer's tools.
    expect(root).not.toContain('New event');
    await expectSameAsApi(state?.queries ?? [], teamQueries(teamId));
    expectHeadOnceAndAgreeing(response.body, { name: 'Eastside <i>Kickers</i>', type: 'SportsTeam' });
    expect(state?.queries.find((query) => query.queryKey[0] === 'session')?.data).toEqual({ user: null });
    expect(Object.values(state?.loaderData ?? {})).toEqual([null]);
  });

  it('shows its organizer their tools, and someone else asking right after none of them', async () => {
    const own = pageParts((await get(`/team/${teamId}`, owner.cookie)).body);
    expect(own.root).toContain('Eastside &lt;i&gt;Kickers&lt;/i&gt;</h1>');
    expect(own.root).toContain(`href="/events/new?teamId=${teamId}"`);
    await expectSameAsApi(own.state?.queries ?? [], teamQueries(teamId), owner.cookie);
    expect(own.state?.queries.find((query) => query.queryKey[0] === 'teams')?.data).toMatchObject({
      viewer: { role: 'owner' },
    });

    const theirs = pageParts((await get(`/team/${teamId}`, other.cookie)).body);
    expect(theirs.root).toContain('Eastside &lt;i&gt;Kickers&lt;/i&gt;</h1>');
    expect(theirs.root).not.toContain(`/events/new?teamId=${teamId}`);
    await expectSameAsApi(theirs.state?.queries ?? [], teamQueries(teamId), other.cookie);
    expect(theirs.state?.queries.find((query) => query.queryKey[0] === 'teams')?.data).toMatchObject({
      viewer: { role: null },
    });
  });

  it('renders a private team for its member only; an unknown team and a bad address are left to the browser', async () => {
    const member = pageParts((await get(`/team/${privateTeamId}`, owner.cookie)).body);
    expect(member.root).toContain('Hidden Hawks</h1>');
    await expectSameAsApi(member.state?.queries ?? [], teamQueries(privateTeamId), owner.cookie);

    for (const [url, cookie] of [
      [`/team/${privateTeamId}`, undefined],
      [`/team/${privateTeamId}`, other.cookie],
      [`/team/${missingId}`, owner.cookie],
      ['/team/not-an-id', undefined],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(pageParts(response.body).state, url).toBeUndefined();
      expect(response.body, url).not.toContain('Hidden Hawks');
      expect(response.body, url).not.toContain('data-mantine-styles');
    }
  });
});

describe('server rendering of a place page', () => {
  it('arrives with the place, who is here and its upcoming events for a visitor, as the API sends them', async () => {
    const response = await get(`/places/view/${placeId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { root, state } = pageParts(response.body);
    expect(root).toContain('Krieg &lt;Fields&gt;');
    expect(root).toContain('517 S Pleasant Valley Rd, Austin, TX');
    expect(root).toContain('Olive Owner');
    // The server does not know the viewer's zone: the check-in's time is said in UTC, named.
    expect(root).toMatch(/Here since <!-- -->\d{1,2}:\d\d [AP]M UTC/);
    expect(root).toContain('Team &lt;b&gt;Futsal&lt;/b&gt;');
    expect(root).toContain('Open Pickup');
    // The map comes after hydration; its placeholder (its size kept) is in the HTML.
    expect(root).toContain('aria-label="Loading the map"');
    expect(root).not.toContain('Loading events');
    expect(root).not.toContain('Loading the place');
    // Signed out: a way to sign in, no check-in button.
    expect(root).toContain('to check in here.');
    expect(root).not.toContain('I&#x27;m here now');
    await expectSameAsApi(state?.queries ?? [], placeQueries(placeId));
    expectHeadOnceAndAgreeing(response.body, { name: 'Krieg <Fields>', type: 'SportsActivityLocation' });
  });

  it('shows the person checked in their own check-in, and someone else asking right after not', async () => {
    const own = pageParts((await get(`/places/view/${placeId}`, owner.cookie)).body);
    expect(own.root).toMatch(/You are checked in until <!-- -->\d{1,2}:\d\d [AP]M UTC/);
    expect(own.root).toContain('Olive Owner (you)');
    await expectSameAsApi(own.state?.queries ?? [], placeQueries(placeId), owner.cookie);

    const theirs = pageParts((await get(`/places/view/${placeId}`, other.cookie)).body);
    expect(theirs.root).not.toContain('You are checked in');
    expect(theirs.root).not.toContain('(you)');
    expect(theirs.root).toContain('I&#x27;m here now');
    await expectSameAsApi(theirs.state?.queries ?? [], placeQueries(placeId), other.cookie);
  });

  it('leaves an unknown place and a bad address to the browser', async () => {
    for (const url of [`/places/view/${missingId}`, '/places/view/not-an-id']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(pageParts(response.body).state, url).toBeUndefined();
    }
  });
});

describe('server rendering of a public profile', () => {
  it('arrives with the player as a visitor may see them, as the API sends it', async () => {
    const response = await get(`/profile/${owner.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { root, state } = pageParts(response.body);
    expect(root).toContain('Olive Owner</h1>');
    // Signed out: no Connect, Message or Block.
    expect(root).not.toContain('>Block<');
    expect(root).not.toContain('>Connect<');
    await expectSameAsApi(state?.queries ?? [], profileQueries(owner.user.id, false));
  });

  it('gives someone else signed in their Connect button at once, and the player their own page without it', async () => {
    const theirs = pageParts((await get(`/profile/${owner.user.id}`, other.cookie)).body);
    expect(theirs.root).toContain('Olive Owner</h1>');
    expect(theirs.root).toContain('>Connect<');
    expect(theirs.root).toContain('>Block<');
    expect(theirs.root).not.toContain('mantine-Skeleton-root');
    await expectSameAsApi(theirs.state?.queries ?? [], profileQueries(owner.user.id, true), other.cookie);

    const own = pageParts((await get(`/profile/${owner.user.id}`, owner.cookie)).body);
    expect(own.root).toContain('Olive Owner</h1>');
    expect(own.root).not.toContain('>Block<');
    await expectSameAsApi(own.state?.queries ?? [], profileQueries(owner.user.id, false), owner.cookie);
  });

  it('leaves an unknown player and a bad address to the browser', async () => {
    for (const url of [`/profile/${missingId}`, '/profile/not-an-id']) {
      const response = await get(url, other.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(pageParts(response.body).state, url).toBeUndefined();
    }
  });
});

describe('server rendering of a tournament page', () => {
  const tournamentQueries = (id: string, withSeasons: boolean) => ({
    [JSON.stringify(['tournaments', 'detail', id])]: `/api/tournaments/${id}`,
    ...(withSeasons && { [JSON.stringify(['teams', 'seasons', teamId])]: `/api/teams/${teamId}/seasons` }),
  });

  it('arrives with the tournament for a visitor, its times in UTC until the browser says them on its clock', async () => {
    const response = await get(`/tournament/${tournamentId}`);
    expect(response.statusCode).toBe(200);
    const { root, state } = pageParts(response.body);
    expect(root).toContain('Spring Smash</h1>');
    // tournamentBodyFor: 2030-04-05 09:00 to 18:00 UTC.
    expect(root).toContain('Apr 5, 2030, 9:00 AM UTC');
    expect(root).not.toContain('Loading tournament');
    await expectSameAsApi(state?.queries ?? [], tournamentQueries(tournamentId, false));
  });

  it("gives its organizer the entrants picker's seasons, and leaves a missing one to the browser", async () => {
    const own = pageParts((await get(`/tournament/${tournamentId}`, owner.cookie)).body);
    expect(own.root).toContain('Spring Smash</h1>');
    await expectSameAsApi(own.state?.queries ?? [], tournamentQueries(tournamentId, true), owner.cookie);
    const theirs = pageParts((await get(`/tournament/${tournamentId}`, other.cookie)).body);
    await expectSameAsApi(theirs.state?.queries ?? [], tournamentQueries(tournamentId, false), other.cookie);
    for (const url of [`/tournament/${missingId}`, '/tournament/not-an-id']) {
      expect(pageParts((await get(url)).body).state, url).toBeUndefined();
    }
  });
});
