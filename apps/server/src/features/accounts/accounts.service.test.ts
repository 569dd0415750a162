import { accountFieldMessages } from '@huddle/shared/account-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import { unverifiedSignInMessage } from '@huddle/shared/account-messages';
import {
  cookieHeaderFrom,
  signUpBodyFor,
  signUpUser,
  signUpVerifiedUser,
  verificationTokenFor,
  verifyEmailWith,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { passwordIsEmailCode, passwordTooCommonCode } from '../../lib/auth.ts';
import { createQuietAuth } from '../../test/quiet-auth.ts';
import { findUserByEmail } from './accounts.repository.ts';
import { toCurrentUser } from './accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function resetLinkTokenFor(email: string): Promise<string> {
  const [mail] = await listOutboxMailTo(t.db, email);
  const match = mail?.text.match(/\/auth\/reset-password\?token=([^\s]+)/);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

describe('sign-up', () => {
  it('creates the user with the spec defaults and signs them in with a secure session cookie', async () => {
    const body = signUpBodyFor({ name: '  Ana  ', email: 'Ana.Lopez@Example.com' });
    const response = await post('/api/auth/sign-up', body);
    expect(response.statusCode).toBe(201);
    const user = response.json().user;
    expect(user).toMatchObject({
      email: 'ana.lopez@example.com',
      displayName: 'Ana',
      displayNameFallback: false,
      photoURL: '/images/default-avatar.svg',
      hasAdditionalInfo: false,
      emailVerified: false,
      subscription: 'Free',
      privacy: { messagesFromAnyone: true, publicBadges: true, publicOnlineStatus: true, publicUpcomingGames: true },
    });
    expect(Object.values(user.notificationSettings)).toHaveLength(14);
    expect(
      Object.values(user.notificationSettings).every(
        (c) => (c as { email: boolean; push: boolean }).email && (c as { push: boolean }).push,
      ),
    ).toBe(true);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await t.app.inject({
      url: '/api/me',
      headers: { cookie: cookieHeaderFrom(response.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ana.lopez@example.com');
  });

  it('refuses an email that is already taken, beside the email field', async () => {
    const { body } = await signUpUser(t.app);
    const response = await post('/api/auth/sign-up', { ...body, name: 'Someone Else' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: { email: [expect.stringContaining('already exists')] },
    });
  });

  it('lets exactly one of many simultaneous sign-ups with one email win', async () => {
    const body = signUpBodyFor();
    const responses = await Promise.all(Array.from({ length: 6 }, () => post('/api/auth/sign-up', body)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password', 'at least 8'],
    ['an invalid email', { email: 'not-an-email' }, 'email', 'valid email'],
    ['a one-letter display name', { name: 'A' }, 'name', 'at least 2'],
    ['a link as display name', { name: 'www.spam.com' }, 'name', 'link'],
    ['an unknown field', { isAdmin: true }, 'isAdmin', 'not accepted'],
  ])('answers %s with 400 and the field message', async (_label, change, field, text) => {
    const response = await post('/api/auth/sign-up', { ...signUpBodyFor(), ...change });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[field].join(' ')).toContain(text);
  });

  it.each([
    ['a common password', 'password'],
    ['a common password in other case', 'SunShine'],
    ['a common password with a digit swapped in', 'passw0rd'],
    ['a run of digits', '12345678'],
    ['eight spaces', '        '],
    ['one letter repeated', 'aaaaaaaaaa'],
    ['a keyboard row', 'qwertyuiop'],
  ])('refuses %s beside the password field, and creates no account', async (_label, password) => {
    const body = signUpBodyFor({ password });
    const response = await post('/api/auth/sign-up', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: [accountFieldMessages.passwordTooCommon] },
    });
    expect(await findUserByEmail(t.db, body.email)).toBeUndefined();
  });

  it('refuses the account’s own email as its password, whatever its case and spaces, and creates no account', async () => {
    const email = `Sam.Rivera.${Date.now()}@Example.com`;
    for (const password of [email, email.toLowerCase(), ` ${email.toUpperCase()} `]) {
      const response = await post('/api/auth/sign-up', signUpBodyFor({ email, password }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { password: [accountFieldMessages.passwordIsEmail] },
      });
    }
    expect(await findUserByEmail(t.db, email.toLowerCase())).toBeUndefined();
  });

  it('answers a body that is not JSON with 400 and keeps serving', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a 5 MB body with 413', async () => {
    const response = await post('/api/auth/sign-up', { ...signUpBodyFor(), name: 'x'.repeat(5 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and out again', async () => {
    const { body } = await signUpVerifiedUser(t);
    const signIn = await post('/api/auth/sign-in', { email: body.email, password: body.password });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieHeaderFrom(signIn.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json()).toEqual({ user: null });
  });

  it('tells a wrong password (InvalidUser) from an unknown email (EmailNotFound)', async () => {
    const { body } = await signUpUser(t.app);
    const wrong = await post('/api/auth/sign-in', { email: body.email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const unknown = await post('/api/auth/sign-in', { email: 'nobody-here@example.com', password: 'whatever123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('EMAIL_NOT_FOUND');
  });

  it('refuses a password sign-in until the email is verified, and says so only to the password’s holder (spec §8: NoPasswordSet)', async () => {
    const { body, cookie } = await signUpUser(t.app);
    // The session sign-up made is not affected: the person confirms from inside the app.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    const refused = await post('/api/auth/sign-in', { email: body.email, password: body.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: unverifiedSignInMessage.title } });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password hears only that: the account's state is for its holder.
    const wrong = await post('/api/auth/sign-in', { email: body.email, password: 'not the password' });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');

    await verifyEmailWith(t.app, await verificationTokenFor(t.db, body.email));
    const signedIn = await post('/api/auth/sign-in', { email: body.email, password: body.password });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: body.email, emailVerified: true });
  });

  it('mails a new verification link from the sign-in form to the password’s holder only', async () => {
    const { body } = await signUpUser(t.app);
    const verificationMails = async () =>
      (await listOutboxMailTo(t.db, body.email)).filter((mail) => mail.subject === 'Confirm your email for Huddle');
    expect(await verificationMails()).toHaveLength(1);

    const resend = (password: string) => post('/api/auth/sign-in/verification-email', { email: body.email, password });
    expect((await resend('not the password')).json().error.code).toBe('INVALID_CREDENTIALS');
    expect(
      (await post('/api/auth/sign-in/verification-email', { email: 'nobody@example.com', password: 'x'.repeat(10) }))
        .statusCode,
    ).toBe(404);
    expect(await verificationMails()).toHaveLength(1);

    expect((await resend(body.password)).json()).toEqual({ ok: true });
    expect(await verificationMails()).toHaveLength(2);
    // The newest link verifies; then there is nothing left to resend.
    await verifyEmailWith(t.app, await verificationTokenFor(t.db, body.email));
    expect((await resend(body.password)).statusCode).toBe(409);
    expect((await post('/api/auth/sign-in', { email: body.email, password: body.password })).statusCode).toBe(200);
  });

  it('answers a guarded route without a session with 401 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once, and ends the old sessions', async () => {
    const { body, cookie: oldSession } = await signUpUser(t.app);
    const forgot = await post('/api/auth/forgot-password', { email: body.email });
    expect(forgot.json()).toEqual({ ok: true });
    const token = await resetLinkTokenFor(body.email);

    const reset = await post('/api/auth/reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: oldSession } })).statusCode).toBe(401);

    expect((await post('/api/auth/sign-in', { email: body.email, password: body.password })).statusCode).toBe(401);
    // The link went to the address: the reset verified it (decision 062), so the new password signs in.
    const signedIn = await post('/api/auth/sign-in', { email: body.email, password: 'a brand new secret' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(true);

    const reused = await post('/api/auth/reset-password', { token, password: 'yet another secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: expect.stringContaining('expired or was already used'),
    });
  });

  it('refuses a common new password beside the field, and keeps the link usable', async () => {
    const { body } = await signUpUser(t.app);
    await post('/api/auth/forgot-password', { email: body.email });
    const token = await resetLinkTokenFor(body.email);
    const common = await post('/api/auth/reset-password', { token, password: 'iloveyou' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: [accountFieldMessages.passwordTooCommon] },
    });
    const trivial = await post('/api/auth/reset-password', { token, password: '87654321' });
    expect(trivial.json().error.fields.password).toEqual([accountFieldMessages.passwordTooCommon]);
    expect((await post('/api/auth/reset-password', { token, password: 'a brand new secret' })).statusCode).toBe(200);
  });

  it('refuses the account’s email as the new password beside the field, and keeps the link usable', async () => {
    const { body } = await signUpUser(t.app);
    await post('/api/auth/forgot-password', { email: body.email });
    const token = await resetLinkTokenFor(body.email);
    const refused = await post('/api/auth/reset-password', { token, password: ` ${body.email.toUpperCase()}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: [accountFieldMessages.passwordIsEmail] },
    });
    expect((await post('/api/auth/sign-in', { email: body.email, password: body.email })).statusCode).toBe(401);
    expect((await post('/api/auth/reset-password', { token, password: 'a brand new secret' })).statusCode).toBe(200);
  });

  it('answers the same for an email without an account, and mails nothing', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(response.json()).toEqual({ ok: true });
    expect(await listOutboxMailTo(t.db, 'ghost@example.com')).toHaveLength(0);
  });

  it('rejects a made-up token', async () => {
    const response = await post('/api/auth/reset-password', { token: 'made-up', password: 'long enough pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });
});

describe('changing a password', () => {
  // Huddle has no change-password route yet; Better Auth's own endpoint must refuse too.
  const auth = () => createQuietAuth({ config: t.config, db: t.db, log: t.app.log });

  it('refuses a common or trivial new password, and takes a good one', async () => {
    const { body, cookie } = await signUpVerifiedUser(t);
    const headers = new Headers({ cookie });
    for (const newPassword of ['trustno1', '        ']) {
      await expect(
        auth().api.changePassword({ body: { currentPassword: body.password, newPassword }, headers }),
      ).rejects.toMatchObject({
        body: { code: passwordTooCommonCode, message: accountFieldMessages.passwordTooCommon },
      });
    }
    expect((await post('/api/auth/sign-in', { email: body.email, password: 'trustno1' })).statusCode).toBe(401);
    await auth().api.changePassword({
      body: { currentPassword: body.password, newPassword: 'a brand new secret' },
      headers,
    });
    expect((await post('/api/auth/sign-in', { email: body.email, password: 'a brand new secret' })).statusCode).toBe(
      200,
    );
  });

  it('refuses the account’s email as the new password', async () => {
    const { body, cookie } = await signUpUser(t.app);
    await expect(
      auth().api.changePassword({
        body: { currentPassword: body.password, newPassword: body.email.toUpperCase() },
        headers: new Headers({ cookie }),
      }),
    ).rejects.toMatchObject({ body: { code: passwordIsEmailCode, message: accountFieldMessages.passwordIsEmail } });
    expect((await post('/api/auth/sign-in', { email: body.email, password: body.email })).statusCode).toBe(401);
    // Better Auth's own sign-up too, past Huddle's schema.
    const email = `pat.${Date.now()}@example.com`;
    await expect(auth().api.signUpEmail({ body: { name: 'Pat', email, password: email } })).rejects.toMatchObject({
      body: { code: passwordIsEmailCode },
    });
  });
});

describe('the user record', () => {
  it("falls back to 'Unnamed Player' and the default photo when the person set neither", () => {
    const user = toCurrentUser({
      id: 'u1',
      name: '',
      email: 'x@example.com',
      emailVerified: false,
      image: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-01T00:00:00Z'),
      fullName: null,
      bio: null,
      pronouns: null,
      gender: null,
      joinReason: null,
      selfRatedLevel: null,
      games: [],
      defaultCityName: null,
      defaultCityLat: null,
      defaultCityLng: null,
      defaultCityGeohash: null,
      hasAdditionalInfo: false,
      feedbackSubmitted: false,
      subscription: 'Free',
      notificationSettings: {} as never,
      notificationSettingsSavedAt: null,
      messagesFromAnyone: true,
      publicBadges: true,
      publicOnlineStatus: true,
      publicUpcomingGames: true,
      distanceUnit: null,
      usageAnalytics: true,
      stripeId: null,
      stripeChargesEnabled: false,
      stripeDetailsSubmitted: false,
      role: 'user',
      disabledAt: null,
    });
    expect(user.displayName).toBe('Unnamed Player');
    expect(user.displayNameFallback).toBe(true);
    expect(user.photoURL).toBe('/images/default-avatar.svg');
    expect(user.defaultCity).toBeNull();
    // No city and no choice: the browser's locale decides (issue 11).
    expect(user.distanceUnit).toBeNull();
  });
});
