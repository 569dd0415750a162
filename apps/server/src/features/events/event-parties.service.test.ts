import { eventPastMessage, offerExpiredMessage } from '@huddle/shared/events';
import { defaultNotificationSettings } from '@huddle/shared/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { createRealtimeHub } from '../../lib/realtime-hub.ts';
import type { OutboxMail } from '../../lib/mail/outbox.repository.ts';
import {
  createEventAs,
  eventBodyFor,
  insertPlace,
  signUpUser,
  verificationTokenIn,
  verifyEmailWith,
  turnOffMail,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { eventParties } from './events.schema.ts';
import { sweepExpiredOffers } from './waitlist.service.ts';

const start = new Date('2026-10-01T12:00:00Z');
const clock = createManualClock(start);
const mails: OutboxMail[] = [];
const verificationMails: OutboxMail[] = [];
const mailer: Mailer = {
  send: async (mail) => {
    // Sign-ups mail a verification link too; only the waitlist's mail matters here.
    if (mail.subject.startsWith('Confirm your email')) verificationMails.unshift(mail);
    else mails.push(mail);
  },
};
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let placeId: string;
let owner: User;
/** Sign-ups are the slow part: one pool of players, reused across events (each test has its own). */
let pool: User[];
beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  placeId = (await insertPlace(t.db)).id;
  const people = await Promise.all(Array.from({ length: 51 }, () => signUpUser(t.app)));
  owner = people[0]!;
  // The organizer's "joined your game" mails are not what these tests read.
  await turnOffMail(t.db, owner.user.id, 'eventCreatedJoin');
  pool = people.slice(1);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(start);
  mails.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const join = (eventId: string, cookie: string, occurrenceStartsAt: string, friends = 0) =>
  call('POST', `/api/events/${eventId}/parties`, cookie, { occurrenceStartsAt, friends });
const leave = (eventId: string, cookie: string, occurrence: string) =>
  call('DELETE', `/api/events/${eventId}/parties/mine?occurrence=${encodeURIComponent(occurrence)}`, cookie);
const view = async (eventId: string, cookie = '') => (await call('GET', `/api/events/${eventId}`, cookie)).json();
const hour = 60 * 60 * 1000;

/** An event by the owner and the start of its first occurrence (2030 unless the overrides move it). */
async function eventWith(overrides: Record<string, unknown>) {
  const event = await createEventAs(t.app, owner.cookie, placeId, overrides);
  return { id: event.id, occurrence: event.next?.startsAt as string };
}
const users = (count: number) => pool.slice(0, count);

describe('the slots invariant', () => {
  it('lets exactly 10 of 50 simultaneous joins in, and queues the other 40 in a strict order', async () => {
    const { id, occurrence } = await eventWith({ slots: 10 });
    const players = users(50);
    const responses = await Promise.all(players.map((player) => join(id, player.cookie, occurrence)));
    expect(responses.map((response) => response.statusCode)).toEqual(players.map(() => 201));
    const parties = responses.map((response) => response.json().party);
    expect(parties.filter((party) => party.status === 'joined')).toHaveLength(10);
    const waiting = parties.filter((party) => party.status === 'waitlisted');
    expect(waiting.map((party) => party.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );

    const { joiners, waitlist, rsvpSlots } = await view(id);
    expect(joiners).toHaveLength(10);
    expect(rsvpSlots).toBe(0);
    expect(waitlist.map((party: { position: number }) => party.position)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    const rows = await t.db.select().from(eventParties).where(eq(eventParties.eventId, id));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(50);
  });

  it('never lets a leave and a join racing for one spot end with two people in it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { id, occurrence } = await eventWith({ slots: 1, autoPromote: true });
      const [leaver, joiner] = users(2);
      await join(id, leaver!.cookie, occurrence);
      const [left, joined] = await Promise.all([
        leave(id, leaver!.cookie, occurrence),
        join(id, joiner!.cookie, occurrence),
      ]);
      expect(left.statusCode).toBe(200);
      expect(joined.statusCode).toBe(201);
      // Whichever ran first, the spot ends with the joiner (directly, or promoted from the waitlist).
      const { joiners, waitlist } = await view(id);
      expect(joiners.map((party: { userId: string }) => party.userId)).toEqual([joiner!.user.id]);
      expect(waitlist).toEqual([]);
    }
  });
});

describe('the waitlist', () => {
  it('a join that finds a lapsed offer hands the spot to the next in line, and queues behind them', async () => {
    // Decision 072: the join reads the parties once, as the waitlist pass under its lock left them.
    const { id, occurrence } = await eventWith({ slots: 1 });
    const [first, second, third, joiner] = users(4);
    await join(id, first!.cookie, occurrence);
    await join(id, second!.cookie, occurrence);
    await join(id, third!.cookie, occurrence);
    expect((await leave(id, first!.cookie, occurrence)).statusCode).toBe(200);
    clock.advance(2 * hour + 1);
    // Nobody opened the event since the window passed: the join's own pass settles it first.
    const joined = await join(id, joiner!.cookie, occurrence);
    expect(joined.statusCode).toBe(201);
    expect(joined.json().party.status).toBe('waitlisted');
    const rows = await t.db.select().from(eventParties).where(eq(eventParties.eventId, id));
    const statusOf = (userId: string) => rows.find((row) => row.userId === userId)?.status;
    expect([second, third, joiner].map((player) => statusOf(player!.user.id))).toEqual([
      undefined,
      'offered',
      'waitlisted',
    ]);
    // And a second join by the same person is refused from that same read.
    const again = await join(id, joiner!.cookie, occurrence);
    expect(again.statusCode).toBe(409);
  });

  it('offers a freed spot in turn, and moves on when the claim window passes', async () => {
    const { id, occurrence } = await eventWith({ slots: 1 });
    const [first, second, third, fourth] = users(4);
    await join(id, first!.cookie, occurrence);
    for (const player of [second, third, fourth]) {
      expect((await join(id, player!.cookie, occurrence)).json().party.status).toBe('waitlisted');
    }
    expect((await leave(id, first!.cookie, occurrence)).statusCode).toBe(200);

    // Years before the start: the claim window is 2 hours.
    const offered = (await view(id, second!.cookie)).myParty;
    expect(offered).toMatchObject({
      status: 'offered',
      offerExpiresAt: new Date(start.getTime() + 2 * hour).toISOString(),
    });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [second!.body.email, expect.stringMatching(/^A spot opened up/)],
    ]);
    expect(mails[0]?.text).toContain(`/discover/events/${id}?occurrence=`);
    // Nobody else can take it, and the spot is held meanwhile.
    expect((await call('POST', `/api/events/${id}/parties/${offered.id}/claim`, third!.cookie)).statusCode).toBe(403);
    expect((await view(id)).rsvpSlots).toBe(0);

    // The window passes: opening the event settles it, and the next in line gets the offer.
    clock.advance(2 * hour + 1);
    const afterFirstWindow = await view(id, third!.cookie);
    expect(afterFirstWindow.myParty.status).toBe('offered');
    expect(afterFirstWindow.waitlist.map((party: { userId: string }) => party.userId)).toEqual([
      third!.user.id,
      fourth!.user.id,
    ]);
    const late = await call('POST', `/api/events/${id}/parties/${offered.id}/claim`, second!.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(offerExpiredMessage);

    // A claim that comes too late is refused, and the offer moves on right then.
    const thirdParty = afterFirstWindow.myParty.id;
    clock.advance(2 * hour + 1);
    const tooLate = await call('POST', `/api/events/${id}/parties/${thirdParty}/claim`, third!.cookie);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(offerExpiredMessage);
    const fourthParty = (await view(id, fourth!.cookie)).myParty;
    expect(fourthParty.status).toBe('offered');

    const claimed = await call('POST', `/api/events/${id}/parties/${fourthParty.id}/claim`, fourth!.cookie);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().party).toMatchObject({ status: 'joined', offerExpiresAt: null });
    expect((await view(id)).joiners.map((party: { userId: string }) => party.userId)).toEqual([fourth!.user.id]);
  });

  it('shortens the claim window as the start nears, and the periodic sweep moves lapsed offers on', async () => {
    // Starts at 13:30 UTC, an hour and a half after the clock: a 30-minute window.
    const { id, occurrence } = await eventWith({
      slots: 1,
      timeZone: 'UTC',
      startLocal: '2026-10-01T13:30',
      endLocal: '2026-10-01T14:30',
    });
    const [first, second, third] = users(3);
    await join(id, first!.cookie, occurrence);
    await join(id, second!.cookie, occurrence);
    await join(id, third!.cookie, occurrence);
    await leave(id, first!.cookie, occurrence);
    expect((await view(id, second!.cookie)).myParty.offerExpiresAt).toBe(
      new Date(start.getTime() + 30 * 60 * 1000).toISOString(),
    );

    clock.advance(31 * 60 * 1000);
    const deps = {
      db: t.db,
      clock,
      mailer,
      jobs: t.jobs,
      realtime: createRealtimeHub(),
      publicOrigin: t.config.publicOrigin,
      log: t.app.log,
    };
    expect(await sweepExpiredOffers(deps)).toBe(1);
    const rows = await t.db
      .select()
      .from(eventParties)
      .where(and(eq(eventParties.eventId, id), eq(eventParties.status, 'offered')));
    expect(rows.map((row) => row.userId)).toEqual([third!.user.id]);
    // Within the hour before the start: 10 minutes.
    expect(rows[0]?.offerExpiresAt?.toISOString()).toBe(new Date(clock.now().getTime() + 10 * 60 * 1000).toISOString());
    expect(await sweepExpiredOffers(deps)).toBe(0);
  });

  it('gives the spot straight away with auto-promote', async () => {
    const { id, occurrence } = await eventWith({ slots: 1, autoPromote: true });
    const [first, second] = users(2);
    await join(id, first!.cookie, occurrence);
    await join(id, second!.cookie, occurrence);
    await leave(id, first!.cookie, occurrence);
    expect((await view(id, second!.cookie)).myParty).toMatchObject({ status: 'joined', offerExpiresAt: null });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [second!.body.email, expect.stringMatching(/^You're in/)],
    ]);
  });

  it('passes over a party too big for the free spot for a smaller one behind it', async () => {
    const { id, occurrence } = await eventWith({ slots: 3, autoPromote: true });
    const [a, b, c, big, single] = users(5);
    for (const player of [a, b, c]) await join(id, player!.cookie, occurrence);
    expect((await join(id, big!.cookie, occurrence, 2)).json().party).toMatchObject({
      status: 'waitlisted',
      partySize: 3,
    });
    expect((await join(id, single!.cookie, occurrence)).json().party.status).toBe('waitlisted');

    await leave(id, a!.cookie, occurrence);
    const { joiners, waitlist } = await view(id);
    expect(joiners.map((party: { userId: string }) => party.userId)).toContain(single!.user.id);
    expect(waitlist).toMatchObject([{ userId: big!.user.id, status: 'waitlisted' }]);
  });

  it('moves the waitlist when the organizer adds spots', async () => {
    const { id, occurrence } = await eventWith({ slots: 1 });
    const [first, second] = users(2);
    await join(id, first!.cookie, occurrence);
    await join(id, second!.cookie, occurrence);
    const body = (await call('GET', `/api/events/${id}`)).json().event;
    const edited = await call('PUT', `/api/events/${id}`, owner.cookie, {
      title: body.title,
      gameType: body.gameType,
      timeZone: body.timeZone,
      startLocal: body.startLocal,
      endLocal: body.endLocal,
      placeId,
      slots: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect((await view(id, second!.cookie)).myParty.status).toBe('offered');
  });

  it('mails no offer to someone who turned event mail off', async () => {
    const { id, occurrence } = await eventWith({ slots: 1 });
    const [first] = users(1);
    const quiet = await signUpUser(t.app);
    const settings = { ...defaultNotificationSettings, eventJoined: { email: false, push: true } };
    await call('PUT', '/api/me/notification-settings', quiet.cookie, { notificationSettings: settings });
    await join(id, first!.cookie, occurrence);
    await join(id, quiet.cookie, occurrence);
    await leave(id, first!.cookie, occurrence);
    expect((await view(id, quiet.cookie)).myParty.status).toBe('offered');
    expect(mails).toEqual([]);
  });
});

describe('joining', () => {
  it('takes guests with a name and an email, and refuses a signed-out join without one', async () => {
    const { id, occurrence } = await eventWith({ slots: 5 });
    const signedOut = await call('POST', `/api/events/${id}/parties`, '', { occurrenceStartsAt: occurrence });
    expect(signedOut.statusCode).toBe(401);

    const guest = { name: 'Guest Gina', email: `gina-${Date.now()}@example.com` };
    const joined = await call('POST', `/api/events/${id}/parties`, '', {
      occurrenceStartsAt: occurrence,
      friends: 2,
      guest,
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().party).toMatchObject({
      userId: null,
      isUnregisteredUser: true,
      displayName: 'Guest Gina',
      photoURL: '/images/default-avatar.svg',
      partySize: 3,
      status: 'joined',
    });
    // Asking again, or with an account's email, answers alike and adds no party (issue 10;
    // event-guests.service.test.ts has the details).
    const again = await call('POST', `/api/events/${id}/parties`, '', { occurrenceStartsAt: occurrence, guest });
    expect(again.statusCode).toBe(201);

    const member = await signUpUser(t.app);
    const taken = await call('POST', `/api/events/${id}/parties`, '', {
      occurrenceStartsAt: occurrence,
      guest: { name: 'Someone', email: member.body.email },
    });
    expect(taken.statusCode).toBe(201);
    expect(await t.db.select().from(eventParties).where(eq(eventParties.eventId, id))).toHaveLength(1);

    // Signing up with the guest's email keeps the spot: it becomes the new account's once the email is verified.
    const claimed = await signUpUser(t.app, { email: guest.email });
    await verifyEmailWith(t.app, verificationTokenIn(verificationMails, guest.email));
    const mine = (await call('GET', '/api/me/events', claimed.cookie)).json().events;
    expect(mine.map((event: { id: string }) => event.id)).toEqual([id]);
  });

  it('refuses an occurrence that is over, or not in the series', async () => {
    const { id, occurrence } = await eventWith({
      timeZone: 'UTC',
      startLocal: '2026-10-01T13:00',
      endLocal: '2026-10-01T14:00',
    });
    const player = await signUpUser(t.app);
    const notInSeries = await join(id, player.cookie, '2026-10-02T13:00:00Z');
    expect(notInSeries.statusCode).toBe(400);
    expect(notInSeries.json().error.fields.occurrenceStartsAt).toBeDefined();

    clock.advance(3 * hour);
    const over = await join(id, player.cookie, occurrence);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(eventPastMessage);
    expect(await t.db.select().from(eventParties).where(eq(eventParties.eventId, id))).toEqual([]);
  });
});

describe('managing the people', () => {
  it('lets organizers remove, check in and reorder; nobody else', async () => {
    const { id, occurrence } = await eventWith({ slots: 1, autoPromote: true });
    const [joined, a, b, c, stranger] = users(5);
    await join(id, joined!.cookie, occurrence);
    for (const player of [a, b, c]) await join(id, player!.cookie, occurrence);
    const { joiners, waitlist } = await view(id, owner.cookie);
    const [joinedParty] = joiners;
    const waitingIds = waitlist.map((party: { id: string }) => party.id);

    const checkIn = (cookie: string, partyId: string, checkedIn: boolean) =>
      call('PUT', `/api/events/${id}/parties/${partyId}/check-in`, cookie, { checkedIn });
    expect((await checkIn(stranger!.cookie, joinedParty.id, true)).statusCode).toBe(403);
    expect((await checkIn(owner.cookie, joinedParty.id, true)).json().party.checkedIn).toBe(true);
    expect((await checkIn(owner.cookie, waitingIds[0], true)).statusCode).toBe(409);

    const reorder = (cookie: string, partyIds: string[]) =>
      call('PUT', `/api/events/${id}/waitlist`, cookie, { occurrenceStartsAt: occurrence, partyIds });
    const reversed = [...waitingIds].reverse();
    expect((await reorder(stranger!.cookie, reversed)).statusCode).toBe(403);
    const missing = await reorder(owner.cookie, reversed.slice(1));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.partyIds).toBeDefined();
    expect((await reorder(owner.cookie, [...reversed.slice(1), reversed[1]])).statusCode).toBe(400);
    const reordered = await reorder(owner.cookie, reversed);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().waitlist.map((party: { id: string }) => party.id)).toEqual(reversed);

    expect((await call('DELETE', `/api/events/${id}/parties/${joinedParty.id}`, stranger!.cookie)).statusCode).toBe(
      403,
    );
    const removed = await call('DELETE', `/api/events/${id}/parties/${joinedParty.id}`, owner.cookie);
    expect(removed.statusCode).toBe(200);
    // The new first in line (c, after the reorder) gets the spot.
    const after = await view(id);
    expect(after.joiners.map((party: { userId: string }) => party.userId)).toEqual([c!.user.id]);
    expect(after.waitlist.map((party: { userId: string }) => party.userId)).toEqual([b!.user.id, a!.user.id]);
  });
});

describe('telling people their spots are gone', () => {
  const firstTuesday = '2030-06-04T23:00:00.000Z';
  const secondTuesday = '2030-06-11T23:00:00.000Z';
  const weekly = { repeat: { weekdays: [2], until: null, count: 3 }, slots: 1 };

  it('mails everyone joined or waiting once when the event is cancelled, listing their dates', async () => {
    const { id } = await eventWith(weekly);
    const [regular, waiting] = users(2);
    await join(id, regular!.cookie, firstTuesday);
    await join(id, regular!.cookie, secondTuesday);
    await join(id, waiting!.cookie, firstTuesday);
    const guest = { name: 'Guest Gus', email: `gus-${Date.now()}@example.com` };
    await call('POST', `/api/events/${id}/parties`, '', { occurrenceStartsAt: secondTuesday, guest });
    mails.length = 0;

    expect((await call('POST', `/api/events/${id}/cancel`, owner.cookie)).statusCode).toBe(200);
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [regular!.body.email, expect.stringMatching(/^Cancelled: /)],
        [waiting!.body.email, expect.stringMatching(/^Cancelled: /)],
        [guest.email, expect.stringMatching(/^Cancelled: /)],
      ].sort(),
    );
    const regularMail = mails.find((mail) => mail.to === regular!.body.email);
    expect(regularMail?.text).toContain('Tuesday, June 4 at 6:00 PM (America/Chicago time)');
    expect(regularMail?.text).toContain('Tuesday, June 11 at 6:00 PM (America/Chicago time)');

    // A second cancel changes nothing and tells nobody again.
    mails.length = 0;
    expect((await call('POST', `/api/events/${id}/cancel`, owner.cookie)).statusCode).toBe(200);
    expect(mails).toEqual([]);
  });

  it('mails the people on dates an edit takes off the schedule, and only them', async () => {
    const { id } = await eventWith(weekly);
    const [kept, dropped] = users(2);
    await join(id, kept!.cookie, firstTuesday);
    await join(id, dropped!.cookie, secondTuesday);
    mails.length = 0;

    // Three Tuesdays become a one-off on the first: the second and third dates go.
    const edited = await call('PUT', `/api/events/${id}`, owner.cookie, eventBodyFor(placeId, { slots: 1 }));
    expect(edited.statusCode).toBe(200);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [dropped!.body.email, expect.stringMatching(/^Dates removed: /)],
    ]);
    expect(mails[0]?.text).toContain('Tuesday, June 11 at 6:00 PM');
    expect((await view(id, dropped!.cookie)).myParty).toBeNull();
    expect((await view(id, kept!.cookie)).myParty.status).toBe('joined');
  });
});
