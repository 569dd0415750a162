import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import { cookieHeaderFrom, signUpBodyFor, verifyEmailOf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createGuest } from './accounts.service.ts';
import { findGuestByEmail } from './accounts.repository.ts';

/** A real OIDC provider on 127.0.0.1 (oauth2-mock-server), standing in for Google. */
let provider: OAuth2Server;
let t: TestApp;
/** Moves the app's clock (the hourly reset-mail limit); sessions and tokens keep real time. */
const clock = createManualClock();
const minute = 60 * 1000;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  provider.service.on('beforeUserinfo', (userinfo) => {
    userinfo.body = claims;
  });
  t = await createTestApp(
    {
      GOOGLE_CLIENT_ID: 'huddle-test-client',
      GOOGLE_CLIENT_SECRET: 'huddle-test-secret',
      GOOGLE_DISCOVERY_URL: `${provider.issuer.url}/.well-known/openid-configuration`,
    },
    { clock },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** The person the provider describes next, in every token it signs and at userinfo. */
let claims: Record<string, unknown> = {};
function providerSays(
  { emailVerified = true, ...person }: { sub: string; email?: string; name?: string; emailVerified?: boolean } = {
    sub: '',
  },
) {
  claims = { ...person, ...(person.email ? { email_verified: emailVerified } : {}) };
}

/** Walks the whole redirect dance as a browser would; returns where Huddle sends the person last. */
async function signInWithProvider(returnTo = '/home') {
  const start = await t.app.inject({ method: 'POST', url: '/api/auth/social/google', payload: { returnTo } });
  expect(start.statusCode).toBe(200);
  const stateCookie = cookieHeaderFrom(start.headers['set-cookie']);
  const authorize = await fetch(start.json().url, { redirect: 'manual' });
  const backToHuddle = new URL(authorize.headers.get('location') ?? '');
  expect(backToHuddle.pathname).toBe('/api/auth/callback/google');
  const callback = await t.app.inject({
    url: `${backToHuddle.pathname}${backToHuddle.search}`,
    headers: { cookie: stateCookie },
  });
  expect(callback.statusCode).toBeGreaterThanOrEqual(300);
  expect(callback.statusCode).toBeLessThan(400);
  return { location: String(callback.headers.location), cookie: cookieHeaderFrom(callback.headers['set-cookie']) };
}

describe('social sign-in through OpenID Connect', () => {
  it('lists only configured providers', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json().socialProviders).toEqual(['google']);
    const facebook = await t.app.inject({ method: 'POST', url: '/api/auth/social/facebook', payload: {} });
    expect(facebook.statusCode).toBe(404);
  });

  it('creates an account from the provider and signs the person in', async () => {
    const email = signUpBodyFor().email;
    providerSays({ sub: `google-${email}`, email, name: 'Sky Provider' });
    const { location, cookie } = await signInWithProvider('/home');
    expect(location).toBe('http://localhost:3000/home');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({
      email,
      displayName: 'Sky Provider',
      emailVerified: true,
      hasAdditionalInfo: false,
    });
  });

  it("fails with 'No provider user' when the provider gives no email", async () => {
    providerSays({ sub: 'no-email-person' });
    const { location } = await signInWithProvider();
    expect(new URL(location).pathname).toBe('/auth/login');
    expect(new URL(location).searchParams.get('error')).toBe('email_not_found');
  });

  it('merges a guest with the same email into the new account', async () => {
    const email = signUpBodyFor().email;
    await createGuest(t.db, { name: 'Walk-in Guest', email });
    providerSays({ sub: `google-${email}`, email, name: 'Now Registered' });
    const { cookie } = await signInWithProvider();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().email).toBe(email);
    expect(await findGuestByEmail(t.db, email)).toBeUndefined();
  });

  it('leaves a guest alone when the provider does not vouch for the email, until the link is opened', async () => {
    const email = signUpBodyFor().email;
    await createGuest(t.db, { name: 'Walk-in Guest', email });
    providerSays({ sub: `google-unverified-${email}`, email, name: 'Not Yet Proven', emailVerified: false });
    const { cookie } = await signInWithProvider();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().emailVerified).toBe(false);
    expect(await findGuestByEmail(t.db, email)).toBeDefined();
    await verifyEmailOf(t.app, t.db, email);
    expect(await findGuestByEmail(t.db, email)).toBeUndefined();
  });

  it('answers every password sign-in to a social-only account with NoPasswordSet, and mails a reset link at most hourly', async () => {
    const email = signUpBodyFor().email;
    providerSays({ sub: `google-${email}`, email, name: 'Social Only' });
    await signInWithProvider();
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'guessing-123' } });
    const resetMails = async () =>
      (await listOutboxMailTo(t.db, email)).filter((mail) => mail.subject === 'Reset your Huddle password');

    const burst = await Promise.all(Array.from({ length: 5 }, attempt));
    for (const response of burst) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('NO_PASSWORD_SET');
    }
    expect(await resetMails()).toHaveLength(1);

    clock.advance(59 * minute);
    expect((await attempt()).json().error.code).toBe('NO_PASSWORD_SET');
    expect(await resetMails()).toHaveLength(1);

    clock.advance(2 * minute);
    expect((await attempt()).json().error.code).toBe('NO_PASSWORD_SET');
    expect(await resetMails()).toHaveLength(2);
  });

  it('refuses a callback without the state cookie', async () => {
    const callback = await t.app.inject({ url: '/api/auth/callback/google?code=forged&state=forged' });
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toContain('error=');
    expect(callback.headers['set-cookie'] ?? '').not.toContain('session_token=');
  });
});
