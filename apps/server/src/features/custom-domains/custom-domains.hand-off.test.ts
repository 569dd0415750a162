import { adminMessages } from '@huddle/shared/admin';
import { customDomainMessages, type CustomDomain } from '@huddle/shared/custom-domains';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFrom, createTeamCast, signUpUser, type TestUser } from '../../test/factories.ts';
import { createFakeDns } from '../../test/fake-dns.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureWebBuild, webDist } from '../../test/server-rendered-pages.ts';
import { sessions, users } from '../accounts/accounts.schema.ts';
import { customDomainHandOffs } from './custom-domains.schema.ts';

/**
 * Decision 038: signing in on a custom domain. Huddle's origin hands a signed-in organizer over
 * with a one-time token; the custom host redeems it for a host-only session of its own.
 */
const huddle = 'huddle.example';
const club = 'loons.example.org';
const dns = createFakeDns();
let t: TestApp;
let cast: Awaited<ReturnType<typeof createTeamCast>>;

type Headers = Record<string, string>;
const get = (host: string, url: string, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
/** The sources of a reply's CSP form-action. */
const formAction = (response: { headers: Record<string, unknown> }) =>
  /(?:^|;)\s*form-action ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.trim();
const hopUrl = (next: string) => `/api/custom-domains/sign-in?next=${encodeURIComponent(next)}`;

async function connectVerified(owner: TestUser, websiteId: string, domain: string, { app } = t) {
  const added = await app.inject({
    method: 'POST',
    url: `/api/websites/${websiteId}/domains`,
    headers: { cookie: owner.cookie },
    payload: { domain },
  });
  const row = added.json<CustomDomain>();
  dns.set(domain, { CNAME: [huddle] });
  dns.set(`_huddle.${domain}`, { TXT: [row.records[1]?.value ?? ''] });
  await app.inject({ method: 'POST', url: `/api/custom-domains/${row.id}/check`, headers: { cookie: owner.cookie } });
}

async function publishedSite(owner: TestUser, teamId: string | null, { app } = t): Promise<string> {
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie: owner.cookie }, payload });
  const site = (await call('/api/websites', { template: 'club', ...(teamId && { teamId }) })).json<{ id: string }>();
  await call(`/api/websites/${site.id}/publish`, { published: true });
  return site.id;
}

/** The hand-off address Huddle's origin redirects an organizer to. */
async function issue(person: TestUser, path = '/form') {
  const response = await get(huddle, hopUrl(`http://${club}${path}`), { cookie: person.cookie });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(response.headers.location as string);
  expect(location.origin).toBe(`http://${club}`);
  expect(location.pathname).toBe('/api/custom-domains/hand-off');
  return `${location.pathname}${location.search}`;
}

const sessionCount = async (userId: string) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n ?? 0;

beforeAll(async () => {
  // The web app too: the sign-in page a hop sends a visitor to, rendered with its form.
  ensureWebBuild();
  t = await createTestApp(
    { PUBLIC_ORIGIN: `http://${huddle}`, WEB_DIST_DIR: webDist },
    { dns: dns.lookup, serveWebApp: true },
  );
  cast = await createTeamCast(t, {
    team: 'Lakeside Loons',
    owner: 'Lena Owner',
    organizer: 'Leo Organizer',
    player: 'Lou Player',
    outsider: 'Lia Outsider',
  });
  await connectVerified(cast.owner, await publishedSite(cast.owner, cast.teamId), club);
  // A verified domain of someone else's site, and a domain never verified.
  await connectVerified(cast.outsider, await publishedSite(cast.outsider, null), 'other.example.org');
  await t.app.inject({
    method: 'POST',
    url: `/api/websites/${await publishedSite(cast.owner, null)}/domains`,
    headers: { cookie: cast.owner.cookie },
    payload: { domain: 'pending.example.org' },
  });
});
afterAll(async () => {
  await t.close();
});

describe('signing in on a custom domain', () => {
  it('hands an organizer over: the custom host gets its own host-only session, and signing out there ends it', async () => {
    const before = await sessionCount(cast.organizer.user.id);
    const handOff = await issue(cast.organizer, '/form/abc/submissions?tab=1');
    const redeemed = await get(club, handOff);
    expect(redeemed.statusCode).toBe(302);
    expect(redeemed.headers.location).toBe('/form/abc/submissions?tab=1');
    expect(redeemed.headers['cache-control']).toBe('no-store');
    const setCookie = String(redeemed.headers['set-cookie']);
    expect(setCookie).toMatch(/^huddle\.session_token=/);
    expect(setCookie).toContain('HttpOnly');
    // Host-only: no Domain attribute, so it never reaches Huddle's origin or another domain.
    expect(setCookie).not.toMatch(/domain=/i);
    expect(await sessionCount(cast.organizer.user.id)).toBe(before + 1);

    const clubCookie = cookieHeaderFrom(redeemed.headers['set-cookie']);
    const session = await get(club, '/api/auth/session', { cookie: clubCookie });
    expect(session.json().user.id).toBe(cast.organizer.user.id);

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: club, origin: `http://${club}`, cookie: clubCookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await get(club, '/api/auth/session', { cookie: clubCookie })).json().user).toBeNull();
    // Huddle's own session is another one, and stays.
    expect((await get(huddle, '/api/auth/session', { cookie: cast.organizer.cookie })).json().user.id).toBe(
      cast.organizer.user.id,
    );
  });

  it('stores only a hash of the token, bound to the user, the domain and the path, for 60 seconds', async () => {
    const handOff = await issue(cast.owner, '/form');
    const token = new URL(handOff, 'http://x').searchParams.get('token') ?? '';
    const rows = await t.db
      .select()
      .from(customDomainHandOffs)
      .where(eq(customDomainHandOffs.userId, cast.owner.user.id));
    const row = rows.at(-1);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.some((candidate) => candidate.tokenHash.includes(token))).toBe(false);
    expect(row?.path).toBe('/form');
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);
  });

  it('refuses a replay, with the one JSON error for a program and a short page for a person', async () => {
    const handOff = await issue(cast.organizer);
    expect((await get(club, handOff)).statusCode).toBe(302);
    const replay = await get(club, handOff);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ code: 'INVALID_TOKEN', message: customDomainMessages.handOffUsed });
    expect(replay.headers['set-cookie']).toBeUndefined();
    const page = await get(club, handOff, { accept: 'text/html,application/xhtml+xml' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This sign-in link has expired or was already used.');
  });

  it('refuses an expired token', async () => {
    const handOff = await issue(cast.organizer);
    await t.db
      .update(customDomainHandOffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customDomainHandOffs.userId, cast.organizer.user.id));
    const response = await get(club, handOff);
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers only on the verified custom domain the token was issued for', async () => {
    const handOff = await issue(cast.organizer);
    for (const host of [huddle, 'pending.example.org', 'stranger.example.com']) {
      const response = await get(host, handOff);
      expect(response.statusCode, host).toBe(404);
      expect(response.json().error.message).toBe(customDomainMessages.notConnected);
    }
    // Another verified domain: refused, and the token is spent (no second try on the right host).
    expect((await get('other.example.org', handOff)).statusCode).toBe(400);
    expect((await get(club, handOff)).statusCode).toBe(400);
  });

  it('makes exactly one session of 50 redeems at once', async () => {
    const handOff = await issue(cast.owner);
    const before = await sessionCount(cast.owner.user.id);
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(club, handOff)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    expect(await sessionCount(cast.owner.user.id)).toBe(before + 1);
  });

  it('gives a disabled account no session', async () => {
    const handOff = await issue(cast.organizer);
    const before = await sessionCount(cast.organizer.user.id);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, cast.organizer.user.id));
    try {
      const response = await get(club, handOff);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(adminMessages.disabledSignIn);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount(cast.organizer.user.id)).toBe(before);
    } finally {
      await t.db.update(users).set({ disabledAt: null }).where(eq(users.id, cast.organizer.user.id));
    }
  });

  it('never redirects anywhere but a verified custom domain (open redirect)', async () => {
    const refused = [
      'https://evil.example/steal',
      'http://pending.example.org/form',
      `http://${huddle}/home`,
      'http://localhost/form',
      'javascript:alert(1)',
      `//${club}/form`,
      '/form',
      `http://${club}//evil.example/`,
      `http://${club}/auth/login`,
      `http://user:pw@${club}/form`,
      `ftp://${club}/form`,
    ];
    for (const next of refused) {
      for (const cookie of [cast.owner.cookie, undefined]) {
        const response = await get(huddle, hopUrl(next), cookie ? { cookie } : {});
        expect(response.statusCode, next).toBe(400);
        expect(response.headers.location, next).toBeUndefined();
        expect(response.json().error.message).toBe(customDomainMessages.hopRefused);
      }
    }
    const page = await get(huddle, hopUrl('https://evil.example/'), { accept: 'text/html' });
    expect(page.body).toContain('Signing in can only continue to a domain connected to Huddle.');
  });

  it('sends a visitor to sign in first, and back to the hop afterwards', async () => {
    const url = hopUrl(`http://${club}/form`);
    const response = await get(huddle, url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/auth/login?returnTo=${encodeURIComponent(url)}`);
  });

  it('hands over only to the site’s editors; a player or a stranger is refused as the site refuses them', async () => {
    for (const person of [cast.player, cast.outsider]) {
      const response = await get(huddle, hopUrl(`http://${club}/form`), { cookie: person.cookie });
      expect(response.statusCode).toBe(403);
      expect(response.headers.location).toBeUndefined();
    }
    // The outsider's own domain works for the outsider, not for the team's owner.
    expect(
      (await get(huddle, hopUrl('http://other.example.org/form'), { cookie: cast.outsider.cookie })).statusCode,
    ).toBe(302);
    expect((await get(huddle, hopUrl('http://other.example.org/form'), { cookie: cast.owner.cookie })).statusCode).toBe(
      403,
    );
  });

  it('sends the sign-in and sign-up pages a hop leads to with the custom domain in their CSP form-action: their form posts without JavaScript and ends there', async () => {
    // A browser holds every redirect of a form post to form-action: with 'self' alone, the post's
    // way on to the domain (hop, hand-off) was blocked and the page stayed as it was.
    for (const page of ['/auth/login', '/auth/sign-up']) {
      const response = await get(huddle, `${page}?returnTo=${encodeURIComponent(hopUrl(`http://${club}/form`))}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<form [^>]*method="post"/);
      expect(formAction(response)).toBe(`'self' http://${club}`);
    }
  });

  it('names no other site in an auth page’s form-action: not a domain that is not verified, a stranger, or Huddle itself', async () => {
    for (const returnTo of [
      hopUrl('http://pending.example.org/form'),
      hopUrl('http://stranger.example.net/form'),
      hopUrl(`http://${huddle}/home`),
      hopUrl(`http://${club}//evil.example/`),
      '/api/custom-domains/sign-in',
      `/home?next=${encodeURIComponent(`http://${club}/form`)}`,
    ]) {
      const response = await get(huddle, `/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(formAction(response), returnTo).toBe("'self'");
    }
    expect(formAction(await get(huddle, '/auth/login'))).toBe("'self'");
  });

  it('starts a hop only on Huddle’s own origin', async () => {
    const response = await get(club, hopUrl(`http://${club}/form`), { cookie: cast.owner.cookie });
    expect(response.statusCode).toBe(404);
  });
});

describe('when Huddle runs on https', () => {
  it('hands over only to https: the token travels in the address', async () => {
    const secure = await createTestApp({ PUBLIC_ORIGIN: `https://${huddle}` }, { dns: dns.lookup });
    try {
      const owner = await signUpUser(secure.app);
      await connectVerified(owner, await publishedSite(owner, null, secure), 'secure.example.org', secure);
      const hop = (next: string) =>
        secure.app.inject({ method: 'GET', url: hopUrl(next), headers: { host: huddle, cookie: owner.cookie } });
      expect((await hop('http://secure.example.org/form')).statusCode).toBe(400);
      const handedOver = await hop('https://secure.example.org/form');
      expect(handedOver.statusCode).toBe(302);
      expect(handedOver.headers.location).toMatch(
        /^https:\/\/secure\.example\.org\/api\/custom-domains\/hand-off\?token=/,
      );
    } finally {
      await secure.close();
    }
  });
});
