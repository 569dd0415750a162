import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs, insertPlace, signUpUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { serverEntryPath } from './server-render.ts';

/**
 * The server render of an event page (issue 33, decision 075), through the built web app's server
 * entry and the real services: what the HTML says before any script runs, for a visitor, for the
 * organizer, and for someone else signed in.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');

let t: TestApp;
let organizer: TestUser;
let other: TestUser;
let eventId: string;

/** #root's markup and the two data blocks of a page. */
function pageParts(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const block = (id: string) => {
    const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1] ?? '') as unknown) : undefined;
  };
  return {
    root,
    state: block('huddle-server-render') as
      | {
          loaderData: Record<string, unknown>;
          queries: { queryKey: unknown[]; data: unknown }[];
          viewerTimeZone?: string | null;
        }
      | undefined,
  };
}

const eventViewIn = (state: ReturnType<typeof pageParts>['state']) =>
  state?.queries.find((query) => query.queryKey[0] === 'events')?.data as
    { myParty: unknown; canManage: boolean; rsvpSlots: number } | undefined;

beforeAll(async () => {
  // The render runs the web build's server entry: build it when this checkout has none (npm test builds first).
  if (!existsSync(serverEntryPath(webDist)) || !existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@huddle/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  t = await createTestApp({ WEB_DIST_DIR: webDist }, { serveWebApp: true });
  organizer = await signUpUser(t.app);
  other = await signUpUser(t.app);
  const place = await insertPlace(t.db, { name: 'Krieg <Fields>', address: '517 S Pleasant Valley Rd, Austin, TX' });
  const event = await createEventAs(t.app, organizer.cookie, place.id, { title: 'Thursday <b>Futsal</b>', slots: 10 });
  eventId = event.id;
  const join = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/parties`,
    headers: { cookie: organizer.cookie },
    payload: { occurrenceStartsAt: event.next?.startsAt, friends: 0, guest: null },
  });
  expect(join.statusCode).toBe(201);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('server rendering of an event page', () => {
  it.each(['/discover/events/', '/discover/games/', '/evt/'])(
    '%s{id} arrives with its title, time, place and spots left for a visitor',
    async (prefix) => {
      const response = await t.app.inject({ method: 'GET', url: `${prefix}${eventId}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { root, state } = pageParts(response.body);
      // Escaped by React: the title's markup is text.
      expect(root).toContain('>Thursday &lt;b&gt;Futsal&lt;/b&gt;</h1>');
      expect(root).toContain('>Tue, Jun 4, 2030, 6:00 PM – 8:00 PM</p>');
      expect(root).toContain('>America/Chicago (CDT)</p>');
      expect(root).toContain('>Krieg &lt;Fields&gt;</a>');
      expect(root).toContain('517 S Pleasant Valley Rd, Austin, TX');
      expect(root).toContain('>9 spots left of 10</p>');
      expect(root).not.toContain('boot-loader');
      // Its own styles apply from the first paint (the layout is CSS), not preloaded for the scripts.
      expect(response.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/event-page-[\w-]+\.css">/);
      // The theme's variables are in the cached stylesheet, not written into every page (decision 084).
      expect(response.body).toContain('<style data-mantine-styles="classes">');
      expect(response.body).not.toContain('<style data-mantine-styles="true">');
      // Signed out: a way to sign in, no one's own status.
      expect(root).toContain('Sign in to join');
      expect(root).not.toContain('You’re in');
      // The state the browser hydrates from: the event as the API sends it to a visitor, the session.
      expect(eventViewIn(state)).toMatchObject({ myParty: null, canManage: false, rsvpSlots: 9 });
      const api = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}` });
      expect(eventViewIn(state)).toEqual(api.json());
      expect(state?.queries.find((query) => query.queryKey[0] === 'session')?.data).toEqual({ user: null });
      expect(Object.values(state?.loaderData ?? {})).toEqual([null]);
    },
  );

  it("adds the viewer's own time from the browser's time-zone cookie, hands the zone to the browser, and ignores a bad one", async () => {
    const withZone = async (zone: string | null) => {
      const headers = zone === null ? {} : { cookie: `huddle-time-zone=${encodeURIComponent(zone)}` };
      return pageParts((await t.app.inject({ method: 'GET', url: `/evt/${eventId}`, headers })).body);
    };
    // 6:00 PM CDT in Austin is 7:00 PM EDT in New York.
    const newYork = await withZone('America/New_York');
    expect(newYork.root).toMatch(/Your time: (<!-- -->)?Tue, Jun 4, 2030, 7:00 PM – 9:00 PM(<!-- -->)? \(/);
    expect(newYork.root).toContain('America/New_York (EDT)');
    expect(newYork.state).toMatchObject({ viewerTimeZone: 'America/New_York' });
    expect(newYork.root).not.toContain('<script');
    // The game's own clock (Winnipeg reads as Chicago), no cookie, or one that names no zone: no words.
    for (const zone of ['America/Winnipeg', null, 'Mars/Olympus_Mons', '../../etc/passwd', 'x'.repeat(80)]) {
      const page = await withZone(zone);
      expect(page.root, String(zone)).not.toContain('>Your time');
      expect(page.state?.viewerTimeZone, String(zone)).toBe(zone === 'America/Winnipeg' ? zone : null);
      // No zone known: the line empty and hidden, with the inline script that fills it in the browser
      // before the first paint (features/events/inline/your-time.js); a known one needs neither.
      expect(/<p [^>]*data-time-zone="America\/Chicago"[^>]*><\/p><script>/.test(page.root), String(zone)).toBe(
        zone !== 'America/Winnipeg',
      );
    }
  });

  it("allows the page's inline script for the viewer's own time by its hash, and no other inline script", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/evt/${eventId}` });
    const scripts = [...pageParts(response.body).root.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, body]) => body,
    );
    expect(scripts).toHaveLength(1);
    const policy = String(response.headers['content-security-policy']);
    const hash = createHash('sha256')
      .update(scripts[0] ?? '', 'utf8')
      .digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).not.toContain("'unsafe-inline' 'sha256");
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
  });

  it('shows the organizer their own status and the manage link, and someone else neither', async () => {
    const own = pageParts(
      (await t.app.inject({ method: 'GET', url: `/evt/${eventId}`, headers: { cookie: organizer.cookie } })).body,
    );
    expect(own.root).toContain('>Thursday &lt;b&gt;Futsal&lt;/b&gt;</h1>');
    expect(own.root).toContain('You’re in');
    expect(own.root).toContain(`href="/discover/events/${eventId}/manage"`);
    expect(eventViewIn(own.state)).toMatchObject({ canManage: true, myParty: { userId: organizer.user.id } });

    // Asked right after, by someone else: nothing of the organizer's view is kept for them.
    const theirs = pageParts(
      (await t.app.inject({ method: 'GET', url: `/evt/${eventId}`, headers: { cookie: other.cookie } })).body,
    );
    expect(theirs.root).toContain('>Thursday &lt;b&gt;Futsal&lt;/b&gt;</h1>');
    expect(theirs.root).toContain('>9 spots left of 10</p>');
    expect(theirs.root).not.toContain('You’re in');
    expect(theirs.root).not.toContain(`/discover/events/${eventId}/manage`);
    expect(theirs.root).not.toContain('Sign in to join');
    expect(eventViewIn(theirs.state)).toMatchObject({ canManage: false, myParty: null });
    const session = theirs.state?.queries.find((query) => query.queryKey[0] === 'session')?.data as {
      user: { id: string };
    };
    expect(session.user.id).toBe(other.user.id);
  });

  it("renders a signed-in person's app shell with their unread counts, as the endpoints send them, and a visitor's page without", async () => {
    const conversation = await t.app.inject({
      method: 'POST',
      url: '/api/conversations/direct',
      headers: { cookie: organizer.cookie },
      payload: { userId: other.user.id },
    });
    expect(conversation.statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.json().id}/messages`,
      headers: { cookie: organizer.cookie },
      payload: { clientId: randomUUID(), text: 'Bring the orange bibs' },
    });
    expect(sent.statusCode).toBe(201);
    const reply = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).json() as unknown;
    const countsIn = (state: ReturnType<typeof pageParts>['state']) => ({
      messages: state?.queries.find((query) => query.queryKey.join('/') === 'messages/unread')?.data,
      notifications: state?.queries.find((query) => query.queryKey.join('/') === 'notifications/unread-count')?.data,
    });

    const page = (await t.app.inject({ method: 'GET', url: '/discover', headers: { cookie: other.cookie } })).body;
    const { root, state } = pageParts(page);
    expect(countsIn(state)).toEqual({
      messages: await reply('/api/conversations/unread'),
      notifications: await reply('/api/me/notifications/unread-count'),
    });
    expect(countsIn(state).messages).toEqual({ unreadCount: 1 });
    // The badge in the header and the count in the title, as the app writes them once it runs.
    expect(root).toContain('aria-label="Messages, 1 unread"');
    expect(page).toMatch(/<title>\(1\) [^<]*Huddle<\/title>/);

    const visitor = pageParts((await t.app.inject({ method: 'GET', url: `/evt/${eventId}` })).body);
    expect(countsIn(visitor.state)).toEqual({ messages: undefined, notifications: undefined });
  });

  it('renders what an event page shows a signed-in person besides the event (favourites, substitute invitation, published teams) as the endpoints send them, and none of it for a visitor', async () => {
    const favourite = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/favorite`,
      headers: { cookie: other.cookie },
    });
    expect(favourite.statusCode).toBeLessThan(300);
    const html = (await t.app.inject({ method: 'GET', url: `/evt/${eventId}`, headers: { cookie: other.cookie } }))
      .body;
    const { root, state } = pageParts(html);
    const view = eventViewIn(state) as unknown as { occurrence: { startsAt: string } };
    const date = encodeURIComponent(view.occurrence.startsAt);
    const reply = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).json() as unknown;
    const cached = (key: string) => state?.queries.find((query) => query.queryKey.join('/') === key)?.data;
    expect(cached('events/favorites')).toEqual(await reply('/api/me/favorites'));
    expect(cached(`substitutes/${eventId}/${view.occurrence.startsAt}/mine`)).toEqual(
      await reply(`/api/events/${eventId}/substitute-invitation?occurrence=${date}`),
    );
    expect(cached(`fair-teams/${eventId}/${view.occurrence.startsAt}/published`)).toEqual(
      await reply(`/api/events/${eventId}/teams/published?occurrence=${date}`),
    );
    // The Favourite button arrives pressed, its state known.
    expect(root).toMatch(/aria-pressed="true"[^>]*data-favorites-state="success"/);

    // The organizer is in the game: the page asks for no invitation of theirs, and the render reads none.
    const own = pageParts(
      (await t.app.inject({ method: 'GET', url: `/evt/${eventId}`, headers: { cookie: organizer.cookie } })).body,
    );
    expect(own.state?.queries.some((query) => query.queryKey[0] === 'substitutes')).toBe(false);

    const visitor = pageParts((await t.app.inject({ method: 'GET', url: `/evt/${eventId}` })).body);
    expect(visitor.state?.queries.map((query) => query.queryKey[0])).toEqual(['session', 'events']);
  });

  it("preloads the app shell's chunks for a signed-in person only, and none of index.html's other shared chunks for a visitor", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([\w-]+)-[\w-]{8}\.js"/g)].map(
        (match) => match[1],
      );
    const visitor = await t.app.inject({ method: 'GET', url: `/discover/events/${eventId}` });
    expect(preloads(visitor.body)).toContain('event-page');
    // Decision 082: a visitor's event page has no app shell, so neither its code nor its UI pieces (`shell-ui`).
    expect(preloads(visitor.body)).not.toContain('app-shell');
    expect(preloads(visitor.body)).not.toContain('shell-ui');
    const member = await t.app.inject({
      method: 'GET',
      url: `/discover/events/${eventId}`,
      headers: { cookie: other.cookie },
    });
    expect(preloads(member.body)).toEqual(expect.arrayContaining(['event-page', 'app-shell', 'shell-ui']));
    // Each file once.
    const files = [...member.body.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(files).size).toBe(files.length);
  });

  it('fetches a rendered page’s scripts once it is painted: every script preload waits in the template app-start.js moves into the head', async () => {
    const scriptsBeforePaint = (html: string) =>
      html
        .replace(/<template id="huddle-after-paint">[\s\S]*?<\/template>/, '')
        .match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    const afterPaint = (html: string) =>
      /<template id="huddle-after-paint">([\s\S]*?)<\/template>/
        .exec(html)?.[1]
        ?.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    for (const cookie of [undefined, other.cookie]) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/discover/events/${eventId}`,
        headers: cookie ? { cookie } : {},
      });
      expect(pageParts(page.body).state).toBeDefined();
      expect(scriptsBeforePaint(page.body)).toEqual([]);
      // The entry (app-start.js imports it by this id) and the page's own chunk among them.
      expect(afterPaint(page.body).some((tag) => tag.includes('id="app-entry"'))).toBe(true);
      expect(afterPaint(page.body).some((tag) => /event-page-[\w-]{8}\.js/.test(tag))).toBe(true);
    }
    // A page the server does not render starts fetching its scripts at once, as before.
    const settings = await t.app.inject({ method: 'GET', url: '/settings', headers: { cookie: other.cookie } });
    expect(settings.body).not.toContain('huddle-after-paint');
    expect(scriptsBeforePaint(settings.body).some((tag) => tag.includes('id="app-entry"'))).toBe(true);
  });

  it('leaves to the browser an event that is not there, an address that is not an id, and pages it does not render', async () => {
    // Discover and home are rendered now (decision 075's addendum); settings and messages are not.
    for (const url of ['/evt/00000000-0000-4000-8000-000000000000', '/evt/not-an-id', '/settings', '/messages']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: organizer.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(pageParts(response.body).state, url).toBeUndefined();
      expect(response.body).not.toContain('data-mantine-styles');
    }
  });

  it('leaves the OpenAPI document whole after pages were rendered (the bundle brings its own copy of the contracts)', async () => {
    // The pages above loaded the render bundle into this process; its zod keeps its own registry.
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.components.schemas)).toContain('EventSummary');
  });
});
