import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMailTo } from '../../lib/mail/outbox.repository.ts';
import { signUpBodyFor, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findGuestByEmail } from './accounts.repository.ts';
import { createGuest, getGuest, removeGuest } from './accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function verificationTokenFor(email: string): Promise<string> {
  const mails = await listOutboxMailTo(t.db, email);
  const mail = mails.find((candidate) => candidate.subject === 'Confirm your email for Huddle');
  const match = mail?.text.match(/\/verify-email\?token=(\S+)/);
  if (!match?.[1]) throw new Error(`no verification link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

describe('email verification', () => {
  it('mails a link at sign-up that verifies the address', async () => {
    const { body, cookie } = await signUpUser(t.app);
    expect((await me(cookie)).json().emailVerified).toBe(false);
    const token = await verificationTokenFor(body.email);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).json().emailVerified).toBe(true);
  });

  it('rejects a tampered token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: 'abc.def.ghi' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });

  it('sends a new link on request, only to a signed-in, unverified user', async () => {
    const { body, cookie } = await signUpUser(t.app);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(200);
    const mails = await listOutboxMailTo(t.db, body.email);
    expect(mails.filter((mail) => mail.subject === 'Confirm your email for Huddle')).toHaveLength(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email' })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs the word DELETE', async () => {
    const { cookie } = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie },
      payload: { confirm: 'delete' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.confirm).toEqual(['Type DELETE to confirm.']);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('removes the account, its sessions, settings and mail, and frees the email', async () => {
    const { body, cookie, user } = await signUpUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/availability',
      headers: { cookie },
      payload: {
        weekly: Object.fromEntries(
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
            day,
            { isAvailable: false, ranges: [] },
          ]),
        ),
        dates: [],
      },
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie },
      payload: { confirm: 'DELETE' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await listOutboxMailTo(t.db, body.email)).toEqual([]);
    expect((await t.app.inject({ url: `/api/users/${user.id}/profile` })).statusCode).toBe(404);
    // The same email can sign up again.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body })).statusCode).toBe(201);
  });

  it('cannot delete someone else: the session decides whose account goes', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', payload: { confirm: 'DELETE' } })).statusCode).toBe(
      401,
    );
  });
});

describe('guests (unregistered users)', () => {
  it('are created once per email, read and removed', async () => {
    const email = signUpBodyFor().email;
    const [first, second] = await Promise.all([
      createGuest(t.db, { name: 'Walk-in', email }),
      createGuest(t.db, { name: 'Walk-in again', email }),
    ]);
    expect(first?.id).toBe(second?.id);
    expect((await getGuest(t.db, first.id)).email).toBe(email);
    await removeGuest(t.db, first.id);
    await expect(getGuest(t.db, first.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('are claimed by a sign-up with the same email', async () => {
    const body = signUpBodyFor();
    await createGuest(t.db, { name: 'Guest', email: body.email });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
    expect(response.statusCode).toBe(201);
    expect(await findGuestByEmail(t.db, body.email)).toBeUndefined();
  });

  it('cannot take an email that already has an account', async () => {
    const { body } = await signUpUser(t.app);
    await expect(createGuest(t.db, { name: 'Copycat', email: body.email })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
