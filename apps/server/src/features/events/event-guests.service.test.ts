import { defaultMaxGuestFriends, guestFriendsMessage } from '@huddle/shared/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collectMails,
  createEventAs,
  eventBodyFor,
  insertPlace,
  signUpUser,
  turnOffMail,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { unregisteredUsers } from '../accounts/accounts.schema.ts';
import { eventParties } from './events.schema.ts';

/** Issue 10: guest joins are capped, rate limited, and answer alike whatever the email. */
const { mails, mailer } = collectMails();
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let placeId: string;
let owner: User;
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
  placeId = (await insertPlace(t.db)).id;
  owner = await signUpUser(t.app);
  // The organizer's "joined your game" mails are not what these tests read.
  await turnOffMail(t.db, owner.user.id, 'eventCreatedJoin');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mails.length = 0;
});

/** Each test joins from its own client address, so the per-address limit of one does not reach another. */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `203.0.113.${address}`;
};
const guestJoin = (
  eventId: string,
  occurrenceStartsAt: string,
  guest: { name: string; email: string },
  { friends = 0, from = '203.0.113.200', cookie = '' }: { friends?: number; from?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/parties`,
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
    payload: { occurrenceStartsAt, friends, guest },
  });
let emails = 0;
const freshEmail = () => {
  emails += 1;
  return `guest-${emails}-${Date.now().toString(36)}@example.com`;
};

async function eventWith(overrides: Record<string, unknown>) {
  const event = await createEventAs(t.app, owner.cookie, placeId, overrides);
  return { id: event.id, occurrence: event.next?.startsAt as string };
}
const partiesOf = (eventId: string) => t.db.select().from(eventParties).where(eq(eventParties.eventId, eventId));

describe('the answer to a guest join', () => {
  it('is the same whether or not the email has an account; only the mail differs', async () => {
    const member = await signUpUser(t.app);
    const from = nextAddress();
    const answer = async (email: string) => {
      // Each on a fresh game with the same spots, so the place it gets is the same too.
      const { id, occurrence } = await eventWith({ slots: 4 });
      const reply = await guestJoin(id, occurrence, { name: 'Pat Probe', email }, { friends: 1, from });
      const { id: partyId, ...party } = reply.json().party;
      expect(partyId).toMatch(/^[0-9a-f-]{36}$/);
      return { id, status: reply.statusCode, type: reply.headers['content-type'], party };
    };
    const stranger = await answer(freshEmail());
    const account = await answer(member.body.email);
    expect(account.status).toBe(201);
    expect({ ...account, id: undefined }).toEqual({ ...stranger, id: undefined });
    expect(account.party).toMatchObject({ displayName: 'Pat Probe', partySize: 2, status: 'joined' });

    // What really happened: a guest party for the stranger, nothing for the account's email.
    expect(await partiesOf(stranger.id)).toHaveLength(1);
    expect(await partiesOf(account.id)).toEqual([]);
    expect(await t.db.select().from(unregisteredUsers).where(eq(unregisteredUsers.email, member.body.email))).toEqual(
      [],
    );
    // Each address hears what happened, and the account holder is told to sign in to join.
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^You're in: /),
      expect.stringMatching(/^Sign in to join: /),
    ]);
    expect(mails[1]?.to).toBe(member.body.email);
    expect(mails[1]?.text).toContain(`/discover/events/${account.id}?occurrence=`);
  });

  it('mails the name and title a stranger or organizer typed with their links defused', async () => {
    const email = freshEmail();
    const { id, occurrence } = await eventWith({ slots: 4, title: 'Pickup at www.evil.example' });
    const reply = await guestJoin(
      id,
      occurrence,
      { name: 'Pat\nVisit http://evil.example/login now', email },
      { from: nextAddress() },
    );
    expect(reply.statusCode).toBe(201);
    const [mail] = mails;
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe("You're in: Pickup at www[.]evil[.]example");
    expect(mail?.text).toContain('Hi Pat Visit http[:]//evil[.]example/login now,');
    expect(mail?.text).not.toMatch(/evil\.example/);
  });

  it('is the same when the email is already on the game, which stays as it was', async () => {
    const { id, occurrence } = await eventWith({ slots: 1 });
    const from = nextAddress();
    const email = freshEmail();
    const first = await guestJoin(id, occurrence, { name: 'Gia Guest', email }, { from });
    expect(first.json().party.status).toBe('joined');
    // A second guest now waits, and the same email again answers as a newcomer would: waitlisted.
    const other = await guestJoin(id, occurrence, { name: 'Oli Other', email: freshEmail() }, { from });
    const again = await guestJoin(id, occurrence, { name: 'Someone Else', email }, { from });
    expect(again.statusCode).toBe(201);
    expect(again.json().party).toMatchObject({
      displayName: 'Someone Else',
      status: 'waitlisted',
      position: other.json().party.position + 1,
    });
    const parties = await partiesOf(id);
    expect(parties.map((party) => [party.status, party.partySize])).toEqual(
      expect.arrayContaining([
        ['joined', 1],
        ['waitlisted', 1],
      ]),
    );
    expect(parties).toHaveLength(2);
    expect(mails.at(-1)).toMatchObject({ to: email, subject: expect.stringMatching(/^Already on the list: /) });
  });

  it('for a signed-in player is their own party, whatever guest details the body carries', async () => {
    const { id, occurrence } = await eventWith({ slots: 4 });
    const player = await signUpUser(t.app);
    const reply = await guestJoin(
      id,
      occurrence,
      { name: 'Not Me', email: freshEmail() },
      { cookie: player.cookie, from: nextAddress() },
    );
    expect(reply.statusCode).toBe(201);
    expect(reply.json().party).toMatchObject({ userId: player.user.id, isUnregisteredUser: false });
  });
});

describe('the party a guest brings', () => {
  it(`is at most ${defaultMaxGuestFriends} friends unless the organizer says otherwise; one request cannot fill a game`, async () => {
    const { id, occurrence } = await eventWith({ slots: 10 });
    const from = nextAddress();
    const whole = await guestJoin(id, occurrence, { name: 'Greedy Gil', email: freshEmail() }, { friends: 9, from });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error.fields.friends).toEqual([guestFriendsMessage(defaultMaxGuestFriends)]);
    const capped = await guestJoin(
      id,
      occurrence,
      { name: 'Fair Fay', email: freshEmail() },
      { friends: defaultMaxGuestFriends, from },
    );
    expect(capped.statusCode).toBe(201);
    expect((await partiesOf(id)).map((party) => party.partySize)).toEqual([defaultMaxGuestFriends + 1]);
    // Signed-in players are accountable: they still bring up to nine.
    const player = await signUpUser(t.app);
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/parties`,
      headers: { cookie: player.cookie },
      payload: { occurrenceStartsAt: occurrence, friends: 6 },
    });
    expect(big.json().party).toMatchObject({ partySize: 7, status: 'joined' });
  });

  it('follows the cap the organizer sets on the event, shown on the event and refused beyond', async () => {
    const { id, occurrence } = await eventWith({ slots: 10, maxGuestFriends: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${id}` })).json().event.maxGuestFriends).toBe(0);
    const from = nextAddress();
    // Refused before anything else is looked at: an account's email gets the same answer.
    const member = await signUpUser(t.app);
    for (const email of [freshEmail(), member.body.email]) {
      const reply = await guestJoin(id, occurrence, { name: 'Pair Pia', email }, { friends: 1, from });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error.fields.friends).toEqual([guestFriendsMessage(0)]);
    }
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: { cookie: owner.cookie },
      payload: eventBodyFor(placeId, { slots: 10, maxGuestFriends: 4 }),
    });
    expect(edited.statusCode).toBe(200);
    const four = await guestJoin(id, occurrence, { name: 'Quad Quin', email: freshEmail() }, { friends: 4, from });
    expect(four.json().party.partySize).toBe(5);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: owner.cookie },
      payload: eventBodyFor(placeId, { maxGuestFriends: 10 }),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.maxGuestFriends).toBeDefined();
  });
});

describe('guest joins from one client address', () => {
  it('are limited to 5 in 10 minutes; other addresses and signed-in players are not held back', async () => {
    const { id, occurrence } = await eventWith({ slots: 50 });
    const from = nextAddress();
    const replies = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      replies.push(await guestJoin(id, occurrence, { name: 'Rapid Ray', email: freshEmail() }, { from }));
    }
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(replies[5]?.json().error.code).toBe('RATE_LIMITED');
    expect(await partiesOf(id)).toHaveLength(5);

    const elsewhere = await guestJoin(
      id,
      occurrence,
      { name: 'Other Olga', email: freshEmail() },
      { from: nextAddress() },
    );
    expect(elsewhere.statusCode).toBe(201);
    // A signed-in player joins as themself, even with guest details in the body, and is not counted.
    const player = await signUpUser(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/parties`,
      remoteAddress: from,
      headers: { cookie: player.cookie },
      payload: { occurrenceStartsAt: occurrence, guest: { name: 'Not Me', email: freshEmail() } },
    });
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().party.userId).toBe(player.user.id);
  });
});
