import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { toKm } from '@huddle/shared/distance';
import { visitorCityCookie } from '@huddle/shared/discover-home-page-sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs, createTeamAs, insertPlace, signUpUser, type TestUser } from '../test/factories.ts';
import { shellKeysAsApi } from '../test/server-rendered-pages.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { serverEntryPath } from './server-render.ts';

/**
 * The server render of discover and home (issue 33, decision 075's addendum "discover and home"),
 * through the built web app's server entry and the real services: what the HTML shows before any
 * script runs, and that the data the browser hydrates from is, key for key, what the API sends the
 * same person (their own statuses; nothing of the person asking before them).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const austin = { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 };

let t: TestApp;
let ana: TestUser;
let ben: TestUser;
let anasGameId: string;

type Query = { queryKey: unknown[]; data: unknown };

/** #root's markup and the server-render data block of a page. */
function pageParts(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const match = /<script type="application\/json" id="huddle-server-render">(.*?)<\/script>/.exec(html);
  const state = match ? (JSON.parse(match[1] ?? '') as { queries: Query[] }) : undefined;
  return { root, state };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const as = (user: TestUser | null, more: Record<string, string> = {}) => ({
  'accept-language': 'en-US,en;q=0.9',
  ...(user && { cookie: user.cookie }),
  ...more,
});

const keyOf = (query: Query) => JSON.stringify(query.queryKey);
const queryAt = (queries: Query[], key: unknown[]) =>
  queries.find((query) => keyOf(query) === JSON.stringify(key))?.data;

/** The API's reply to this person for a GET, as JSON. */
async function api(url: string, headers: Record<string, string>) {
  const response = await get(url, headers);
  expect(response.statusCode, url).toBe(200);
  return response.json() as Record<string, unknown>;
}

/** Home's blocks (four, and the tasks card's availability) against the API (home-page-data.ts; the blocks' api/*.ts keys and what each keeps). */
async function expectHomeAsApi(queries: Query[], user: TestUser) {
  const headers = as(user);
  const city = `lat=${austin.lat}&lng=${austin.lng}&limit=7`;
  const mine = (await api('/api/me/events', headers)).events as { cancelled: boolean; inPast: boolean }[];
  const expected: Record<string, unknown> = {
    [JSON.stringify(['home', 'my-events'])]: mine.filter((event) => !event.cancelled && !event.inPast),
    [JSON.stringify(['home', 'nearby-events', austin.lat, austin.lng])]: (
      await api(`/api/events/nearby?${city}`, headers)
    ).events,
    [JSON.stringify(['home', 'nearby-players', austin.lat, austin.lng])]: (
      await api(`/api/users/nearby?${city}`, headers)
    ).players,
    [JSON.stringify(['me', 'registrations'])]: (await api('/api/me/registrations', headers)).registrations,
    // The tasks card's "Set your availability" (saved once or not).
    [JSON.stringify(['my-availability'])]: await api('/api/me/availability', headers),
  };
  for (const [key, data] of Object.entries(expected))
    expect(queryAt(queries, JSON.parse(key) as unknown[]), key).toEqual(data);
  // Nothing else but the session and the app shell's counts.
  const shell = await shellKeysAsApi(t.app, queries, headers);
  expect(queries.map(keyOf).sort()).toEqual([...Object.keys(expected), ...shell, JSON.stringify(['session'])].sort());
}

/** The discover list's one query, its first page against GET /api/events for that query and person, and the game types. */
async function expectDiscoverAsApi(queries: Query[], headers: Record<string, string>) {
  const list = queries.find((query) => query.queryKey[0] === 'events');
  expect(list?.queryKey.slice(0, 2)).toEqual(['events', 'discover']);
  const query = list?.queryKey[2] as Record<string, string | number>;
  const search = new URLSearchParams(
    Object.entries({ ...query, limit: 20 }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  expect(list?.data).toEqual({ pages: [await api(`/api/events?${search}`, headers)], pageParams: [null] });
  expect(queryAt(queries, ['game-types'])).toEqual(await api('/api/game-types', headers));
  const shell = await shellKeysAsApi(t.app, queries, headers);
  expect(queries.map(keyOf).sort()).toEqual(
    [JSON.stringify(list?.queryKey), JSON.stringify(['game-types']), ...shell, JSON.stringify(['session'])].sort(),
  );
  return {
    query,
    events: (list?.data as { pages: { events: { id: string; viewerStatus: unknown }[] }[] }).pages[0]?.events ?? [],
  };
}

async function withCity(user: TestUser, name: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { cookie: user.cookie },
    payload: {
      displayName: name,
      fullName: name,
      defaultCity: austin,
      games: ['Soccer'],
      pronouns: 'Unspecified',
      bio: '',
      joinReason: 'Find-people',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  // The render runs the web build's server entry: build it when this checkout has none (npm test builds first).
  if (!existsSync(serverEntryPath(webDist)) || !existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@huddle/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  t = await createTestApp({ WEB_DIST_DIR: webDist }, { serveWebApp: true });
  ana = await signUpUser(t.app, { name: 'Ana Organizer' });
  ben = await signUpUser(t.app, { name: 'Ben Player' });
  await withCity(ana, 'Ana Organizer');
  await withCity(ben, 'Ben Player');
  const place = await insertPlace(t.db, { name: 'Zilker <Park>', lat: austin.lat + 0.01, lng: austin.lng });
  anasGameId = (await createEventAs(t.app, ana.cookie, place.id, { title: 'Dawn <b>Futsal</b>' })).id;
  await createEventAs(t.app, ben.cookie, place.id, { title: 'Dusk Pickup' });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('server rendering of home', () => {
  it("arrives with the person's upcoming games and city; the blocks below from the same reads the API makes", async () => {
    const response = await get('/home', as(ana));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { root, state } = pageParts(response.body);
    expect(root).toContain('Ana Organizer');
    expect(root).toContain('Dawn &lt;b&gt;Futsal&lt;/b&gt;');
    expect(root).toContain('Austin, TX');
    expect(root).not.toContain('Loading upcoming events');
    await expectHomeAsApi(state?.queries ?? [], ana);
  });

  it('shows the next person asking their own games, nothing of the one before', async () => {
    const anas = pageParts((await get('/home', as(ana))).body);
    const bens = pageParts((await get('/home', as(ben))).body);
    expect(bens.root).toContain('Dusk Pickup');
    expect(bens.root).not.toContain('Dawn &lt;b&gt;Futsal&lt;/b&gt;');
    await expectHomeAsApi(bens.state?.queries ?? [], ben);
    // Ana's game is near Ben too, without her status on it.
    const nearBen = queryAt(bens.state?.queries ?? [], ['home', 'nearby-events', austin.lat, austin.lng]) as {
      id: string;
      viewerStatus: unknown;
    }[];
    const nearAna = queryAt(anas.state?.queries ?? [], [
      'home',
      'nearby-events',
      austin.lat,
      austin.lng,
    ]) as typeof nearBen;
    expect(nearAna.find((event) => event.id === anasGameId)?.viewerStatus).toMatchObject({ kind: 'organizer' });
    expect(nearBen.find((event) => event.id === anasGameId)?.viewerStatus).toBeNull();
  });

  it('is left to the browser for a visitor and for someone who has not finished first-time setup', async () => {
    const newcomer = await signUpUser(t.app, { name: 'Nia New' });
    for (const headers of [as(null), as(newcomer)]) {
      const response = await get('/home', headers);
      expect(response.statusCode).toBe(200);
      expect(pageParts(response.body).state).toBeUndefined();
      expect(response.body).not.toContain('data-mantine-styles');
    }
  });
});

describe('server rendering of discover', () => {
  it("lists the games around a signed-in person's city, their own statuses in, and the next person's without them", async () => {
    const anas = pageParts((await get('/discover', as(ana))).body);
    expect(anas.root).toContain('Dawn &lt;b&gt;Futsal&lt;/b&gt;');
    expect(anas.root).toContain('Dusk Pickup');
    // The map comes after hydration; its placeholder is in the HTML, and the phone's toggle (hidden by CSS elsewhere).
    expect(anas.root).toContain('aria-label="Loading the map"');
    expect(anas.root).toContain('Show as');
    const own = await expectDiscoverAsApi(anas.state?.queries ?? [], as(ana));
    // Within 25 miles (her city's unit: she chose none) of her city, soonest first.
    expect(own.query).toEqual({ lat: austin.lat, lng: austin.lng, sort: 'soonest', maxDistanceKm: toKm(25, 'mi') });
    expect(own.events.find((event) => event.id === anasGameId)?.viewerStatus).toMatchObject({ kind: 'organizer' });

    // Ben counts in kilometres (his own choice), whatever his browser's language.
    const unit = await t.app.inject({
      method: 'PUT',
      url: '/api/me/distance-unit',
      headers: { cookie: ben.cookie },
      payload: { distanceUnit: 'km' },
    });
    expect(unit.statusCode, unit.body).toBe(200);
    const bens = pageParts((await get('/discover/games?distance=10', as(ben))).body);
    const theirs = await expectDiscoverAsApi(bens.state?.queries ?? [], as(ben));
    expect(theirs.query).toEqual({ lat: austin.lat, lng: austin.lng, sort: 'soonest', maxDistanceKm: 10 });
    expect(theirs.events.find((event) => event.id === anasGameId)?.viewerStatus).toBeNull();
  });

  it("lists a visitor's games around the city their cookie names, in that city's miles", async () => {
    const cookie = `${visitorCityCookie}=${encodeURIComponent(JSON.stringify(austin))}`;
    const { root, state } = pageParts((await get('/discover', as(null, { cookie, 'accept-language': 'fr-FR' }))).body);
    expect(root).toContain('Showing <!-- -->games<!-- --> near<!-- --> <!-- -->Austin, TX');
    expect(root).toContain('Dawn &lt;b&gt;Futsal&lt;/b&gt;');
    const visitor = await expectDiscoverAsApi(state?.queries ?? [], { cookie });
    expect(visitor.query).toEqual({ lat: austin.lat, lng: austin.lng, sort: 'soonest', maxDistanceKm: toKm(25, 'mi') });
    expect(visitor.events.every((event) => event.viewerStatus === null)).toBe(true);
  });

  it('shows a visitor with no city what the browser first shows (finding them), with no list or map', async () => {
    for (const url of ['/discover/events', '/discover/places']) {
      for (const cookie of [undefined, `${visitorCityCookie}=not-a-city`]) {
        const { root, state } = pageParts((await get(url, as(null, cookie ? { cookie } : {}))).body);
        expect(root, url).toContain('Finding games near you');
        expect(root).not.toContain('Dusk Pickup');
        expect(root).not.toContain('Zilker &lt;Park&gt;');
        expect(state?.queries.map(keyOf).sort()).toEqual([JSON.stringify(['game-types']), JSON.stringify(['session'])]);
      }
    }
    expect(pageParts((await get('/discover/nowhere', as(ana))).body).state).toBeUndefined();
  });

  it("lists the places in the map's first view around the person's city, as GET /api/places sends them", async () => {
    for (const headers of [
      as(ana),
      as(null, { cookie: `${visitorCityCookie}=${encodeURIComponent(JSON.stringify(austin))}` }),
    ]) {
      const { root, state } = pageParts((await get('/discover/places', headers)).body);
      expect(root).toContain('Zilker &lt;Park&gt;');
      expect(root).toContain('aria-label="Loading the map"');
      const queries = state?.queries ?? [];
      const list = queries.find((query) => query.queryKey[0] === 'places');
      expect(list?.queryKey[1]).toBe('bounds');
      const bounds = list?.queryKey[2] as Record<string, number>;
      // Around Austin: the view's first bounds hold the city.
      expect(bounds.south).toBeLessThan(austin.lat);
      expect(bounds.north).toBeGreaterThan(austin.lat);
      const search = new URLSearchParams(
        Object.entries({ ...bounds, limit: 200 }).map(([k, v]): [string, string] => [k, String(v)]),
      );
      expect(list?.data).toEqual(await api(`/api/places?${search}`, headers));
      const shell = await shellKeysAsApi(t.app, queries, headers);
      expect(queries.map(keyOf).sort()).toEqual(
        [JSON.stringify(list?.queryKey), JSON.stringify(['game-types']), ...shell, JSON.stringify(['session'])].sort(),
      );
    }
  });

  it('lists public teams, nearest the person’s city when they have one, as GET /api/teams sends them', async () => {
    await createTeamAs(t.app, ana.cookie, { name: 'Barton <Creek> FC', city: austin });
    const cases = [
      { headers: as(ana), near: true },
      { headers: as(null), near: false },
    ];
    for (const { headers, near } of cases) {
      const { root, state } = pageParts((await get('/discover/teams', headers)).body);
      expect(root).toContain('Barton &lt;Creek&gt; FC');
      expect(root).not.toContain('Loading teams');
      const key = ['teams', 'discover', '', near];
      expect(queryAt(state?.queries ?? [], key)).toEqual(await api(`/api/teams?near=${near}&limit=50`, headers));
      const teams = queryAt(state?.queries ?? [], key) as { teams: { name: string; distanceKm: number | null }[] };
      const barton = teams.teams.find((team) => team.name === 'Barton <Creek> FC');
      // Its distance from Ana's city (Austin itself) only when asked near.
      expect(barton?.distanceKm).toBe(near ? 0 : null);
    }
  });

  it("lists the players nearest a signed-in person's city; a visitor is asked to sign in, with nothing read", async () => {
    const anas = pageParts((await get('/discover/players', as(ana))).body);
    expect(anas.root).toContain('Ben Player');
    expect(anas.root).not.toContain('Loading players');
    expect(queryAt(anas.state?.queries ?? [], ['players', 'nearby', austin.lat, austin.lng, 50])).toEqual(
      await api(`/api/users/nearby?lat=${austin.lat}&lng=${austin.lng}&limit=50`, as(ana)),
    );
    const visitor = pageParts((await get('/discover/players', as(null))).body);
    expect(visitor.root).toContain('to see players near you.');
    expect(visitor.state?.queries.map(keyOf).sort()).toEqual([
      JSON.stringify(['game-types']),
      JSON.stringify(['session']),
    ]);
  });
});
