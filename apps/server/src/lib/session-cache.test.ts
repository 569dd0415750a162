import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queriesSentThrough } from '../db/client.ts';
import { sessions } from '../features/accounts/accounts.schema.ts';
import { listOutboxMailTo } from './mail/outbox.repository.ts';
import { signUpUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createQuietAuth } from '../test/quiet-auth.ts';
import { createSessionCache, sessionCacheTtlMs } from './session.ts';

/**
 * Decision 072: each instance keeps the sessions it confirmed lately, and a session ended on any
 * instance (sign-out, deletion, an admin's disable, a password reset) is refused at once there
 * and, through the realtime bus, on the others well before the cache's TTL.
 */
let a: TestApp;
let b: TestApp;
const firstAdminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;

beforeAll(async () => {
  const database = await createTestDatabase();
  // Two instances behind one load balancer: one database, one secret.
  const env = { SESSION_SECRET: randomBytes(24).toString('hex'), ADMIN_EMAILS: firstAdminEmail };
  a = await createTestApp(env, { database });
  b = await createTestApp(env, { database: { ...(await openDatabase(database.url)), url: database.url } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

/** Signed in on both instances, so each has the session in its cache. */
async function signedInOnBoth() {
  const person = await signUpUser(a.app);
  expect((await me(a, person.cookie)).statusCode).toBe(200);
  expect((await me(b, person.cookie)).statusCode).toBe(200);
  return person;
}

/** The other instance hears of the end over the bus: well within a second, far below the TTL. */
async function refusedOnBWithin(cookie: string, ms = 2000) {
  const started = Date.now();
  while ((await me(b, cookie)).statusCode !== 401) {
    if (Date.now() - started > ms) throw new Error(`instance B still takes the session after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(ms).toBeLessThan(sessionCacheTtlMs);
}

describe('the session cache', () => {
  it('answers a confirmed session without reading it again', async () => {
    const { cookie } = await signUpUser(a.app);
    let before = queriesSentThrough(a.db);
    expect((await me(a, cookie)).statusCode).toBe(200);
    const firstRead = queriesSentThrough(a.db) - before;
    before = queriesSentThrough(a.db);
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect(queriesSentThrough(a.db) - before).toBeLessThan(firstRead);
  });

  it('never answers a cookie with a different signature from it', async () => {
    const { cookie } = await signUpUser(a.app);
    expect((await me(a, cookie)).statusCode).toBe(200);
    const [name, value] = cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.');
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await me(a, forged)).statusCode).toBe(401);
  });

  it('refuses a signed-out cookie at once, on both instances', async () => {
    const { cookie } = await signedInOnBoth();
    const signOut = await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(401);
    await refusedOnBWithin(cookie);
  });

  it("refuses a deleted account's cookie at once, on both instances", async () => {
    const { cookie } = await signedInOnBoth();
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie },
      payload: { confirm: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(401);
    await refusedOnBWithin(cookie);
  });

  it("refuses a disabled account's cookies at once, every device, on both instances", async () => {
    const admin = await signUpUser(a.app, { email: firstAdminEmail });
    const person = await signedInOnBoth();
    const disabled = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/disable`,
      headers: { cookie: admin.cookie },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me(a, person.cookie)).statusCode).toBe(401);
    await refusedOnBWithin(person.cookie);
  });

  it('refuses the old sessions after a password reset at once, on both instances', async () => {
    const person = await signedInOnBoth();
    await a.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.body.email } });
    const [mail] = await listOutboxMailTo(a.db, person.body.email);
    const token = decodeURIComponent(/\/auth\/reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const reset = await a.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(a, person.cookie)).statusCode).toBe(401);
    await refusedOnBWithin(person.cookie);
  });

  it('keeps other people signed in when one signs out', async () => {
    const staying = await signedInOnBoth();
    const leaving = await signedInOnBoth();
    await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: leaving.cookie } });
    await refusedOnBWithin(leaving.cookie);
    expect((await me(a, staying.cookie)).statusCode).toBe(200);
    expect((await me(b, staying.cookie)).statusCode).toBe(200);
  });

  it('takes a confirmed session on trust until the TTL (the backstop when the bus loses an end)', async () => {
    const person = await signUpUser(a.app);
    expect((await me(a, person.cookie)).statusCode).toBe(200);
    // Deleted straight in the database: no instance hears of it, as if the bus had lost it.
    await a.db.delete(sessions).where(eq(sessions.userId, person.user.id));
    expect((await me(a, person.cookie)).statusCode).toBe(200);
    // Instance B never confirmed it: it reads the database, and refuses.
    expect((await me(b, person.cookie)).statusCode).toBe(401);
  });
});

describe('the session cookie the cache reads', () => {
  it('is the one Better Auth reads, on http and behind https (the __Secure- prefix)', async () => {
    for (const publicOrigin of ['http://localhost:3000', 'https://huddle.example']) {
      const auth = createQuietAuth({ config: { ...a.config, publicOrigin }, db: a.db, log: a.app.log });
      expect(auth.sessionCookieName).toBe((await auth.$context).authCookies.sessionToken.name);
      expect(auth.sessionCookieName.startsWith('__Secure-')).toBe(publicOrigin.startsWith('https:'));
    }
  });
});

describe('createSessionCache', () => {
  const session = { userId: 'u1', sessionId: 's1', expiresAt: new Date(1_000_000) };

  it('trusts an entry for the TTL, and never past the session own end', () => {
    let now = 0;
    const cache = createSessionCache({ now: () => now });
    cache.set('cookie', session, cache.version);
    expect(cache.get('cookie')?.userId).toBe('u1');
    now = sessionCacheTtlMs - 1;
    expect(cache.get('cookie')?.userId).toBe('u1');
    now = sessionCacheTtlMs;
    expect(cache.get('cookie')).toBeUndefined();

    now = 999_999 - 5;
    cache.set('cookie', session, cache.version);
    expect(cache.get('cookie')).toBeDefined();
    now = 1_000_000;
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('forgets by session, by user, or all', () => {
    const cache = createSessionCache({ now: () => 0 });
    cache.set('a1', { ...session, sessionId: 'a1' }, cache.version);
    cache.set('a2', { ...session, sessionId: 'a2' }, cache.version);
    cache.set('b1', { ...session, userId: 'u2', sessionId: 'b1' }, cache.version);
    cache.forget({ sessionId: 'a1' });
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')].map(Boolean)).toEqual([false, true, true]);
    cache.forget({ userId: 'u1' });
    expect([cache.get('a2'), cache.get('b1')].map(Boolean)).toEqual([false, true]);
    cache.forget('all');
    expect(cache.size).toBe(0);
  });

  it('drops a lookup that started before an end was heard: it may have read the ended session', () => {
    const cache = createSessionCache({ now: () => 0 });
    const since = cache.version;
    cache.forget({ userId: 'someone else' });
    cache.set('cookie', session, since);
    expect(cache.get('cookie')).toBeUndefined();
  });
});
