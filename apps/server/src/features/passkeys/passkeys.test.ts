import { adminMessages } from '@huddle/shared/admin';
import { passkeyMessages, passkeysPerAccount } from '@huddle/shared/passkey-messages';
import type { PasskeyReply } from '@huddle/shared/passkeys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { cookieHeaderFrom, signUpUser, signUpVerifiedUser, type TestUser } from '../../test/factories.ts';
import { createPasskey, signWithPasskey, type SoftwarePasskey } from '../../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { passkeys } from './passkeys.schema.ts';

/**
 * Issue 34, part 3 (decision 078): the WebAuthn ceremonies against the real app and database, with
 * a software authenticator that signs with a real P-256 key, so every check the server makes
 * (challenge, origin, RP ID, signature, counter) is exercised.
 */
const origin = 'http://localhost:3000';
const clock = createManualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin, ...(cookie ? { cookie } : {}) }, ...(payload && { payload }) });

async function registrationOptions(person: TestUser) {
  const response = await call('POST', '/api/me/passkeys/options', person.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    challengeId: string;
    options: { challenge: string; rp: { id: string }; user: { id: string } } & Json;
  }>();
}

/** The whole registration: options, the authenticator's answer, the server's check. */
async function addPasskey(person: TestUser, name = 'Laptop') {
  const { challengeId, options } = await registrationOptions(person);
  const { passkey, response } = createPasskey(options, { origin });
  const added = await call('POST', '/api/me/passkeys', person.cookie, { challengeId, name, response });
  expect(added.statusCode, added.body).toBe(201);
  return { passkey, reply: added.json<PasskeyReply>() };
}

async function signInOptions() {
  const response = await call('POST', '/api/auth/passkey/options');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ challengeId: string; options: { challenge: string; rpId: string } & Json }>();
}

async function signInWith(
  passkey: SoftwarePasskey,
  { counter, from = origin }: { counter?: number; from?: string } = {},
) {
  const { challengeId, options } = await signInOptions();
  const response = signWithPasskey(passkey, options, { origin: from, counter });
  return call('POST', '/api/auth/passkey/sign-in', undefined, { challengeId, response });
}

const listOf = async (person: TestUser) =>
  (await call('GET', '/api/me/passkeys', person.cookie)).json<{ passkeys: PasskeyReply[] }>().passkeys;

describe('adding a passkey (the registration ceremony)', () => {
  it('offers a discoverable, user-verified credential for Huddle’s own host, naming the person', async () => {
    const person = await signUpVerifiedUser(t);
    const { options } = await registrationOptions(person);
    expect(options.rp).toEqual({ name: 'Huddle', id: 'localhost' });
    expect(options.user).toMatchObject({ name: person.body.email, displayName: person.body.name });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(person.user.id);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  });

  it('stores the passkey under its name, lists it with its dates, and excludes it next time', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey, reply } = await addPasskey(person, '  Work laptop ');
    expect(reply).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: true });
    expect(await listOf(person)).toEqual([reply]);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, reply.id));
    expect(row).toMatchObject({
      userId: person.user.id,
      credentialId: passkey.credentialId,
      deviceType: 'multiDevice',
    });
    const again = await registrationOptions(person);
    expect(again.options.excludeCredentials).toEqual([
      { id: passkey.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses an answer from another origin, for another RP ID, or to a changed challenge', async () => {
    const person = await signUpVerifiedUser(t);
    const tries = [
      { from: 'https://evil.example', rpId: undefined, challenge: undefined },
      { from: origin, rpId: 'evil.example', challenge: undefined },
      { from: origin, rpId: undefined, challenge: Buffer.from('not the challenge').toString('base64url') },
    ];
    for (const attempt of tries) {
      const { challengeId, options } = await registrationOptions(person);
      const { response } = createPasskey(
        {
          ...options,
          challenge: attempt.challenge ?? options.challenge,
          rp: { id: attempt.rpId ?? options.rp.id },
        },
        { origin: attempt.from },
      );
      const added = await call('POST', '/api/me/passkeys', person.cookie, { challengeId, name: 'Nope', response });
      expect(added.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(added.json().error.message).toBe(passkeyMessages.notVerified);
    }
    expect(await listOf(person)).toEqual([]);
  });

  it('takes each challenge once: a replayed answer, or another person’s challenge, is refused', async () => {
    const person = await signUpVerifiedUser(t);
    const stranger = await signUpVerifiedUser(t);
    const { challengeId, options } = await registrationOptions(person);
    const { response } = createPasskey(options, { origin });
    const byStranger = await call('POST', '/api/me/passkeys', stranger.cookie, { challengeId, name: 'Mine', response });
    expect(byStranger.statusCode).toBe(400);
    expect(byStranger.json().error).toMatchObject({ code: 'INVALID_TOKEN', message: passkeyMessages.challengeExpired });
    // The stranger's try spent it: sent again by its owner, it is gone.
    const late = await call('POST', '/api/me/passkeys', person.cookie, { challengeId, name: 'Mine', response });
    expect(late.json().error.code).toBe('INVALID_TOKEN');
    // An answer that fails its check spends its challenge too: the same answer sent again finds none.
    const { challengeId: next } = await registrationOptions(person);
    const wrong = await call('POST', '/api/me/passkeys', person.cookie, { challengeId: next, name: 'x', response });
    expect(wrong.json().error.message).toBe(passkeyMessages.notVerified); // it answers the old challenge
    const replay = await call('POST', '/api/me/passkeys', person.cookie, { challengeId: next, name: 'x', response });
    expect(replay.json().error.code).toBe('INVALID_TOKEN');
    const first = await addPasskey(person);
    expect((await listOf(person)).map((passkey) => passkey.id)).toEqual([first.reply.id]);
  });

  it('adds one passkey when the same answer is sent ten times at once', async () => {
    const person = await signUpVerifiedUser(t);
    const { challengeId, options } = await registrationOptions(person);
    const { response } = createPasskey(options, { origin });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/me/passkeys', person.cookie, { challengeId, name: 'Phone', response }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(400)]);
    expect(await listOf(person)).toHaveLength(1);
  });

  it(`holds at most ${passkeysPerAccount} passkeys per account, counted in turn when adds race`, async () => {
    const person = await signUpVerifiedUser(t);
    const started = [];
    for (let i = 0; i < passkeysPerAccount + 3; i += 1) started.push(await registrationOptions(person));
    const replies = await Promise.all(
      started.map(({ challengeId, options }, i) =>
        call('POST', '/api/me/passkeys', person.cookie, {
          challengeId,
          name: `Key ${i}`,
          response: createPasskey(options, { origin }).response,
        }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(passkeysPerAccount);
    expect(replies.filter((reply) => reply.statusCode === 409)[0]?.json().error.message).toBe(passkeyMessages.tooMany);
    expect(await listOf(person)).toHaveLength(passkeysPerAccount);
    const more = await call('POST', '/api/me/passkeys/options', person.cookie);
    expect(more.statusCode).toBe(409);
  });

  it('needs a verified email, and a sign-in from the last day', async () => {
    const unverified = await signUpUser(t.app);
    const refused = await call('POST', '/api/me/passkeys/options', unverified.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(passkeyMessages.emailNotVerified);

    const person = await signUpVerifiedUser(t);
    clock.advance(25 * 60 * 60 * 1000);
    try {
      const stale = await call('POST', '/api/me/passkeys/options', person.cookie);
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error.message).toBe(passkeyMessages.signInAgain);
    } finally {
      clock.set(new Date());
    }
    expect((await call('POST', '/api/me/passkeys/options', person.cookie)).statusCode).toBe(200);
  });

  it('is refused to a visitor, and on a host that is not Huddle’s own (a custom domain)', async () => {
    expect((await call('POST', '/api/me/passkeys/options')).statusCode).toBe(401);
    const person = await signUpVerifiedUser(t);
    const onCustomHost = await t.app.inject({
      method: 'POST',
      url: '/api/me/passkeys/options',
      headers: { host: 'club.example.org', cookie: person.cookie },
    });
    expect(onCustomHost.statusCode).toBe(404);
    expect(onCustomHost.json().error.message).toBe(passkeyMessages.ownHostOnly);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/options',
      headers: { host: 'club.example.org' },
    });
    expect(signIn.statusCode).toBe(404);
  });
});

describe('signing in with a passkey (the authentication ceremony)', () => {
  it('asks for no account: any of the person’s passkeys for this host may answer', async () => {
    const { options } = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('signs the owner in with a session cookie, and records when the passkey was used', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey, reply } = await addPasskey(person);
    const signedIn = await signInWith(passkey);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: person.user.id, email: person.body.email });
    const cookie = cookieHeaderFrom(signedIn.headers['set-cookie']);
    const me = await call('GET', '/api/me', cookie);
    expect(me.json().id).toBe(person.user.id);
    const [listed] = await listOf(person);
    expect(listed?.id).toBe(reply.id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('refuses a removed passkey', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey, reply } = await addPasskey(person);
    expect((await call('DELETE', `/api/me/passkeys/${reply.id}`, person.cookie)).statusCode).toBe(200);
    const refused = await signInWith(passkey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: passkeyMessages.unknownPasskey,
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong signature, another origin, and a counter that goes back', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey } = await addPasskey(person);
    const { privateKey } = createPasskey(
      { challenge: 'x', rp: { id: 'localhost' }, user: { id: 'x' } },
      { origin },
    ).passkey;
    expect((await signInWith({ ...passkey, privateKey })).statusCode).toBe(401);
    expect((await signInWith(passkey, { from: 'https://evil.example' })).statusCode).toBe(401);
    expect((await signInWith(passkey, { counter: 5 })).statusCode).toBe(200);
    const cloned = await signInWith(passkey, { counter: 3 });
    expect(cloned.statusCode).toBe(401);
    expect((await signInWith(passkey, { counter: 6 })).statusCode).toBe(200);
  });

  it('refuses a passkey whose user handle names another account', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey } = await addPasskey(person);
    const forged = { ...passkey, userHandle: Buffer.from('someone-else').toString('base64url') };
    expect((await signInWith(forged)).statusCode).toBe(401);
  });

  it('answers one challenge once: of 20 answers at once, one signs in', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey } = await addPasskey(person);
    const { challengeId, options } = await signInOptions();
    const response = signWithPasskey(passkey, options, { origin });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/auth/passkey/sign-in', undefined, { challengeId, response })),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
  });

  it('an expired challenge is refused', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey } = await addPasskey(person);
    const { challengeId, options } = await signInOptions();
    clock.advance(6 * 60 * 1000);
    try {
      const response = signWithPasskey(passkey, options, { origin });
      const late = await call('POST', '/api/auth/passkey/sign-in', undefined, { challengeId, response });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe(passkeyMessages.challengeExpired);
    } finally {
      clock.set(new Date());
    }
  });

  it('a disabled account gets the admin’s message and no session', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey } = await addPasskey(person);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, person.user.id));
    const refused = await signInWith(passkey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(adminMessages.disabledSignIn);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('password sign-in keeps working beside a passkey', async () => {
    const person = await signUpVerifiedUser(t);
    await addPasskey(person);
    const signedIn = await call('POST', '/api/auth/sign-in', undefined, {
      email: person.body.email,
      password: person.body.password,
    });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('managing passkeys', () => {
  it('renames and removes one’s own; another person’s read as not found and stay as they were', async () => {
    const owner = await signUpVerifiedUser(t);
    const stranger = await signUpVerifiedUser(t);
    const { reply } = await addPasskey(owner, 'Phone');
    const renamed = await call('PATCH', `/api/me/passkeys/${reply.id}`, owner.cookie, { name: 'Old phone' });
    expect(renamed.json()).toMatchObject({ id: reply.id, name: 'Old phone' });

    expect(await listOf(stranger)).toEqual([]);
    const strangerRename = await call('PATCH', `/api/me/passkeys/${reply.id}`, stranger.cookie, { name: 'Mine now' });
    expect(strangerRename.statusCode).toBe(404);
    const strangerRemove = await call('DELETE', `/api/me/passkeys/${reply.id}`, stranger.cookie);
    expect(strangerRemove.statusCode).toBe(404);
    expect((await listOf(owner)).map((passkey) => passkey.name)).toEqual(['Old phone']);

    const blank = await call('PATCH', `/api/me/passkeys/${reply.id}`, owner.cookie, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.name).toEqual([passkeyMessages.nameMissing]);

    expect((await call('DELETE', `/api/me/passkeys/${reply.id}`, owner.cookie)).statusCode).toBe(200);
    expect(await listOf(owner)).toEqual([]);
    expect((await call('DELETE', `/api/me/passkeys/${reply.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('a deleted account takes its passkeys with it', async () => {
    const person = await signUpVerifiedUser(t);
    const { passkey } = await addPasskey(person);
    await t.db.delete(users).where(eq(users.id, person.user.id));
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, person.user.id))).toEqual([]);
    expect((await signInWith(passkey)).statusCode).toBe(401);
  });
});
