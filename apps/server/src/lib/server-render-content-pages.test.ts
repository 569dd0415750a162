import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEventAs,
  createTeamAs,
  insertPlace,
  signUpUser,
  tournamentBodyFor,
  type TestUser,
} from '../test/factories.ts';
import {
  ensureWebBuild,
  expectHeadOnceAndAgreeing,
  expectSameAsApi as expectSameAsApiOf,
  getPage,
  pageParts,
  type RenderedQuery,
  webDist,
} from '../test/server-rendered-pages.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The server render of the content pages (issue 33, decision 075's addendum: team and place), through
 * the built web app's server entry and the real services: what the HTML says before any script runs,
 * and that the data the browser hydrates from is, key for key, what the API sends the same person.
 * Post and partner pages: server-render-post-partner-pages.test.ts.
 */
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let teamId: string;
let seasonId: string;
let privateTeamId: string;
let placeId: string;
let tournamentId: string;
const missingId = '00000000-0000-4000-8000-000000000000';

const get = (url: string, cookie?: string) => getPage(t.app, url, cookie);
/** The page's queries against the API's replies to the same person (the keys of get-team.ts, list-seasons.ts, …). */
const expectSameAsApi = (
  queries: RenderedQuery[],
  expected: Record<string, string | { url: string; field: string }>,
  cookie?: string,
) => expectSameAsApiOf(t.app, queries, expected, cookie);

const teamQueries = (id: string, seasonIds: string[] = []) => ({
  [JSON.stringify(['teams', 'detail', id])]: `/api/teams/${id}`,
  [JSON.stringify(['teams', 'seasons', id])]: `/api/teams/${id}/seasons`,
  ...Object.fromEntries(
    seasonIds.map((season) => [JSON.stringify(['seasons', 'sessions', season]), `/api/seasons/${season}/sessions`]),
  ),
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
  ensureWebBuild();
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
  seasonId = (season.json() as { id: string }).id;
  const session = await t.app.inject({
    method: 'POST',
    url: `/api/seasons/${seasonId}/sessions`,
    headers: { cookie: owner.cookie },
    payload: {
      title: 'Opening <b>night</b>',
      startsAt: '2030-09-05T23:30:00Z',
      durationMinutes: 90,
      repeatWeeklyUntil: null,
    },
  });
  expect(session.statusCode, session.body).toBe(201);
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
    // The season's next sessions, read with the page (not after hydration).
    expect(root).toMatch(/Next sessions:(<!-- -->| )+Opening &lt;b&gt;night&lt;\/b&gt;, Thu, Sep 5,/);
    expect(root).toContain('>Team &lt;b&gt;Futsal&lt;/b&gt;</a>');
    expect(root).toContain('Spring Smash');
    expect(root).toContain('Olive Owner');
    expect(root).not.toContain('Loading');
    expect(root).not.toContain('boot-loader');
    // A visitor: no organizer's tools.
    expect(root).not.toContain('New event');
    await expectSameAsApi(state?.queries ?? [], teamQueries(teamId, [seasonId]));
    expectHeadOnceAndAgreeing(response.body, { name: 'Eastside <i>Kickers</i>', type: 'SportsTeam' });
    expect(state?.queries.find((query) => query.queryKey[0] === 'session')?.data).toEqual({ user: null });
    expect(Object.values(state?.loaderData ?? {})).toEqual([null]);
  });

  it('shows its organizer their tools, and someone else asking right after none of them', async () => {
    const own = pageParts((await get(`/team/${teamId}`, owner.cookie)).body);
    expect(own.root).toContain('Eastside &lt;i&gt;Kickers&lt;/i&gt;</h1>');
    expect(own.root).toContain(`href="/events/new?teamId=${teamId}"`);
    await expectSameAsApi(own.state?.queries ?? [], teamQueries(teamId, [seasonId]), owner.cookie);
    expect(own.state?.queries.find((query) => query.queryKey[0] === 'teams')?.data).toMatchObject({
      viewer: { role: 'owner' },
    });

    const theirs = pageParts((await get(`/team/${teamId}`, other.cookie)).body);
    expect(theirs.root).toContain('Eastside &lt;i&gt;Kickers&lt;/i&gt;</h1>');
    expect(theirs.root).not.toContain(`/events/new?teamId=${teamId}`);
    await expectSameAsApi(theirs.state?.queries ?? [], teamQueries(teamId, [seasonId]), other.cookie);
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
    // A player's page has no JSON-LD (decision 076: reachable, not advertised).
    expectHeadOnceAndAgreeing(response.body, { name: 'Olive Owner', type: null });
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
    expectHeadOnceAndAgreeing(response.body, { name: 'Spring Smash', type: null });
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
