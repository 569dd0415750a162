import { seasonFullMessage } from '@huddle/shared/seasons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectMails, createTeamAs, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { unregisteredUsers } from '../accounts/accounts.schema.ts';
import { registrations } from './seasons.schema.ts';

/** Issue 10: guest season registrations are rate limited and answer alike whatever the email. */
const { mails, mailer } = collectMails();
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let owner: User;
let team: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
  owner = await signUpUser(t.app);
  team = await createTeamAs(t.app, owner.cookie, { name: 'Riverside Rovers' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mails.length = 0;
});

/** Each test registers from its own client address, so one test's count does not reach another. */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `198.51.100.${address}`;
};
let emails = 0;
const freshEmail = () => {
  emails += 1;
  return `season-guest-${emails}-${Date.now().toString(36)}@example.com`;
};

async function seasonWith(capacity: number | null, label = 'Autumn League') {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${team.id}/seasons`,
    headers: { cookie: owner.cookie },
    payload: {
      label,
      startsOn: '2027-09-01',
      endsOn: '2027-11-30',
      registrationOpensAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      registrationClosesAt: '2027-08-31T23:00:00Z',
      capacity,
      feeCents: null,
      status: 'published',
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json().id as string;
}
const registerAsGuest = (seasonId: string, guest: { name: string; email: string }, from: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/seasons/${seasonId}/registrations`,
    remoteAddress: from,
    payload: { guest },
  });
const registerSignedIn = (seasonId: string, cookie: string, payload: object = {}, from = '198.51.100.250') =>
  t.app.inject({
    method: 'POST',
    url: `/api/seasons/${seasonId}/registrations`,
    remoteAddress: from,
    headers: { cookie },
    payload,
  });
const registrationsOf = (seasonId: string) =>
  t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));

describe('the answer to a guest registration', () => {
  it('is the same for every email: new, an account’s, registered as a guest, registered by an account', async () => {
    const seasonId = await seasonWith(10);
    const from = nextAddress();
    // Registered already: a guest (then approved by an organizer) and a signed-in player.
    const registeredGuest = freshEmail();
    expect((await registerAsGuest(seasonId, { name: 'Early Eve', email: registeredGuest }, from)).statusCode).toBe(201);
    const [guestRegistration] = await registrationsOf(seasonId);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/seasons/${seasonId}/registrations/${guestRegistration?.id}`,
      headers: { cookie: owner.cookie },
      payload: { status: 'approved' },
    });
    const registeredMember = await signUpUser(t.app, { name: 'Member Mo' });
    expect((await registerSignedIn(seasonId, registeredMember.cookie)).statusCode).toBe(201);
    const member = await signUpUser(t.app, { name: 'Account Ann' });
    const before = await registrationsOf(seasonId);
    mails.length = 0;

    const cases = {
      new: freshEmail(),
      account: member.body.email,
      registeredGuest,
      registeredAccount: registeredMember.body.email,
    };
    const answers = [];
    for (const email of Object.values(cases)) {
      const reply = await registerAsGuest(seasonId, { name: 'Pat Probe', email }, from);
      const { id, createdAt, email: echoed, ...rest } = reply.json();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Date(createdAt).toISOString()).toBe(createdAt);
      expect(echoed).toBe(email);
      answers.push({
        status: reply.statusCode,
        type: reply.headers['content-type'],
        keys: Object.keys(reply.json()),
        rest,
      });
    }
    expect(answers[0]).toEqual({
      status: 201,
      type: 'application/json; charset=utf-8',
      keys: ['id', 'seasonId', 'teamId', 'userId', 'name', 'email', 'status', 'groupId', 'createdAt'],
      rest: { seasonId, teamId: team.id, userId: null, name: 'Pat Probe', status: 'pending', groupId: null },
    });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);

    // What really happened: one new guest registration; the others stay as they were.
    const after = await registrationsOf(seasonId);
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after.find((row) => row.email === cases.new)).toMatchObject({ name: 'Pat Probe', userId: null });
    expect(after.find((row) => row.email === registeredGuest)).toMatchObject({ name: 'Early Eve', status: 'approved' });
    // Each address hears what happened.
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [cases.new, 'Registered: Autumn League'],
      [cases.account, 'Sign in to register: Autumn League'],
      [registeredGuest, 'Already registered: Autumn League'],
      [cases.registeredAccount, 'Sign in to register: Autumn League'],
    ]);
  });

  it('for an account’s email registers nobody and mails the holder to sign in', async () => {
    const seasonId = await seasonWith(null, 'Winter Futsal');
    const member = await signUpUser(t.app, { name: 'Holder Hal' });
    const reply = await registerAsGuest(seasonId, { name: 'Someone Else', email: member.body.email }, nextAddress());
    expect(reply.statusCode).toBe(201);
    expect(await registrationsOf(seasonId)).toEqual([]);
    expect(await t.db.select().from(unregisteredUsers).where(eq(unregisteredUsers.email, member.body.email))).toEqual(
      [],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: member.body.email, subject: 'Sign in to register: Winter Futsal' });
    expect(mails[0]?.text).toContain('Hi Holder Hal,');
    expect(mails[0]?.text).toContain('the Winter Futsal season of “Riverside Rovers”');
    expect(mails[0]?.text).toContain(`http://localhost:3000/team/${team.id}`);
    // The requester's name does not reach the account holder.
    expect(mails[0]?.text).not.toContain('Someone Else');

    // Signed in, the holder registers as themself.
    const own = await registerSignedIn(seasonId, member.cookie);
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ userId: member.user.id, email: member.body.email });
  });

  it('defuses links in the name a requester gives, so the mail carries only Huddle’s link', async () => {
    const seasonId = await seasonWith(null);
    const email = freshEmail();
    await registerAsGuest(seasonId, { name: 'Win at www.prizes.example now', email }, nextAddress());
    expect(mails[0]?.to).toBe(email);
    expect(mails[0]?.text).toContain('Hi Win at www[.]prizes[.]example now,');
    expect(mails[0]?.text).not.toContain('www.prizes.example');
  });

  it('says a full season is full to every email, the registered ones included', async () => {
    const seasonId = await seasonWith(2);
    const from = nextAddress();
    const registeredGuest = freshEmail();
    await registerAsGuest(seasonId, { name: 'First Fay', email: registeredGuest }, from);
    const registeredMember = await signUpUser(t.app);
    expect((await registerSignedIn(seasonId, registeredMember.cookie)).statusCode).toBe(201);
    const member = await signUpUser(t.app);
    mails.length = 0;
    for (const email of [freshEmail(), member.body.email, registeredGuest, registeredMember.body.email]) {
      const reply = await registerAsGuest(seasonId, { name: 'Late Lou', email }, from);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({ error: { code: 'CONFLICT', message: seasonFullMessage } });
    }
    expect(await registrationsOf(seasonId)).toHaveLength(2);
    expect(mails).toEqual([]);
  });
});

describe('guest registrations from one client address', () => {
  it('are limited to 5 in 10 minutes; other addresses and signed-in players are not held back', async () => {
    const seasonId = await seasonWith(null);
    const from = nextAddress();
    const replies = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      replies.push(await registerAsGuest(seasonId, { name: 'Rapid Ray', email: freshEmail() }, from));
    }
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(replies[5]?.json().error.code).toBe('RATE_LIMITED');
    expect(await registrationsOf(seasonId)).toHaveLength(5);
    // Account emails count too: probing is what the limit slows.
    const member = await signUpUser(t.app);
    expect((await registerAsGuest(seasonId, { name: 'Probe', email: member.body.email }, from)).statusCode).toBe(429);

    const elsewhere = await registerAsGuest(seasonId, { name: 'Other Olga', email: freshEmail() }, nextAddress());
    expect(elsewhere.statusCode).toBe(201);
    // From the same address, signed-in players register, even with guest details in the body.
    const players = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    const plain = await registerSignedIn(seasonId, players[0].cookie, {}, from);
    const withGuest = await registerSignedIn(
      seasonId,
      players[1].cookie,
      { guest: { name: 'Not Me', email: freshEmail() } },
      from,
    );
    expect([plain.statusCode, withGuest.statusCode]).toEqual([201, 201]);
    expect(withGuest.json()).toMatchObject({ userId: players[1].user.id, email: players[1].body.email });
    // A made-up session cookie is not a way around the limit.
    const forged = await registerSignedIn(
      seasonId,
      'better-auth.session_token=forged',
      { guest: { name: 'Sly Sam', email: freshEmail() } },
      from,
    );
    expect(forged.statusCode).toBe(429);
  });
});
