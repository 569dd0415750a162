import {
  alreadyOnDateMessage,
  messagesPerEventPerHour,
  notStartedMessage,
  occurrenceCancelledMessage,
} from '@huddle/shared/event-organizer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { collectMails, createEventAs, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { countGamesPlayed } from './games-played.service.ts';
import { eventParties } from './events.schema.ts';

/** Issue 11: the organizer's tools: cancel one date, add a player, attendance, messages. */
const start = new Date('2026-10-01T12:00:00Z');
const clock = createManualClock(start);
const { mails, mailer } = collectMails();
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let placeId: string;
let owner: User;
let pool: User[];
beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  placeId = (await insertPlace(t.db)).id;
  const people = await Promise.all(Array.from({ length: 24 }, () => signUpUser(t.app)));
  owner = people[0]!;
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
const join = (eventId: string, who: User, occurrenceStartsAt: string) =>
  call('POST', `/api/events/${eventId}/parties`, who.cookie, { occurrenceStartsAt });
const view = async (eventId: string, occurrence: string, who: User = owner) =>
  (await call('GET', `/api/events/${eventId}?occurrence=${encodeURIComponent(occurrence)}`, who.cookie)).json();
const mailsTo = (who: User) => mails.filter((mail) => mail.to === who.body.email);

/** A weekly series of three Tuesdays (from 2030-06-04), one spot each unless told. */
async function weekly(slots = 1) {
  const event = await createEventAs(t.app, owner.cookie, placeId, {
    slots,
    repeat: { weekdays: [2], until: null, count: 3 },
  });
  const dates = (await view(event.id, event.next?.startsAt as string)).upcoming.map(
    (occurrence: { startsAt: string }) => occurrence.startsAt,
  ) as string[];
  return { id: event.id, dates };
}

describe('cancel one date of a series', () => {
  it('mails only that date’s players and waitlist, once; the date shows cancelled and refuses joins', async () => {
    const [a, b, c, d] = pool;
    const { id, dates } = await weekly(1);
    const [first, second] = dates as [string, string];
    expect((await join(id, a!, first)).json().party.status).toBe('joined');
    expect((await join(id, b!, first)).json().party.status).toBe('waitlisted');
    expect((await join(id, c!, second)).json().party.status).toBe('joined');
    mails.length = 0;

    const stranger = await call('POST', `/api/events/${id}/occurrences/cancel`, d!.cookie, {
      occurrenceStartsAt: first,
    });
    expect(stranger.statusCode).toBe(403);

    const cancelled = await call('POST', `/api/events/${id}/occurrences/cancel`, owner.cookie, {
      occurrenceStartsAt: first,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(mails.map((mail) => mail.to).sort()).toEqual([a!.body.email, b!.body.email].sort());
    expect(mails[0]?.subject).toMatch(/^Date cancelled: /);
    expect(mails[0]?.text).toContain('The other dates go on as planned.');

    // Cancelling again tells nobody twice.
    mails.length = 0;
    const again = await call('POST', `/api/events/${id}/occurrences/cancel`, owner.cookie, {
      occurrenceStartsAt: first,
    });
    expect(again.statusCode).toBe(200);
    expect(mails).toEqual([]);

    const firstView = await view(id, first, a!);
    expect(firstView.occurrenceCancelled).toBe(true);
    expect(firstView.cancelledDates).toEqual([first]);
    expect((await view(id, second, a!)).occurrenceCancelled).toBe(false);
    expect(firstView.event.cancelled).toBe(false);

    const refused = await join(id, d!, first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(occurrenceCancelledMessage);
    expect((await join(id, d!, second)).json().party.status).toBe('waitlisted');

    // The spot freed on the cancelled date goes to nobody: the waitlist stays, and no one is mailed.
    mails.length = 0;
    const left = await call(
      'DELETE',
      `/api/events/${id}/parties/mine?occurrence=${encodeURIComponent(first)}`,
      a!.cookie,
    );
    expect(left.statusCode).toBe(200);
    const waiting = await t.db.select().from(eventParties).where(eq(eventParties.userId, b!.user.id));
    expect(waiting.map((party) => party.status)).toEqual(['waitlisted']);
    expect(mails).toEqual([]);

    // Lists show the series at its next date that is still on, with that date's players.
    const atPlace = (await call('GET', `/api/places/${placeId}/events`, c!.cookie)).json() as {
      events: { id: string; next: { startsAt: string } | null; joinedCount: number }[];
    };
    const listed = atPlace.events.find((event) => event.id === id);
    expect(listed?.next?.startsAt).toBe(second);
    expect(listed?.joinedCount).toBe(1);

    // The calendar file leaves the date out of the series.
    const ics = (await call('GET', `/api/events/${id}/calendar.ics`)).body;
    expect(ics).toMatch(/EXDATE;TZID=America\/Chicago:20300604T180000/);
  });

  it('refuses a one-off event (cancel the event instead), an unknown date, and another organizer', async () => {
    const oneOff = await createEventAs(t.app, owner.cookie, placeId);
    const response = await call('POST', `/api/events/${oneOff.id}/occurrences/cancel`, owner.cookie, {
      occurrenceStartsAt: oneOff.next?.startsAt,
    });
    expect(response.statusCode).toBe(400);
    const { id } = await weekly();
    const unknown = await call('POST', `/api/events/${id}/occurrences/cancel`, owner.cookie, {
      occurrenceStartsAt: '2030-06-05T23:00:00.000Z',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.occurrenceStartsAt).toEqual(['This event does not happen then.']);
  });
});

describe('add a player', () => {
  it('adds by exact email, to a spot and then the waitlist, and mails the person', async () => {
    const [a, b, stranger] = pool.slice(4);
    const event = await createEventAs(t.app, owner.cookie, placeId, { slots: 1 });
    const occurrenceStartsAt = event.next?.startsAt as string;
    const add = (payload: object, who: User = owner) =>
      call('POST', `/api/events/${event.id}/players`, who.cookie, { occurrenceStartsAt, ...payload });

    const forbidden = await add({ email: a!.body.email }, stranger);
    expect(forbidden.statusCode).toBe(403);

    const added = await add({ email: a!.body.email.toUpperCase() });
    expect(added.statusCode).toBe(201);
    expect(added.json().party).toMatchObject({ userId: a!.user.id, status: 'joined' });
    expect(mailsTo(a!).map((mail) => mail.subject)).toEqual([`You're in: ${event.title}`]);

    const twice = await add({ email: a!.body.email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(alreadyOnDateMessage);

    const full = await add({ email: b!.body.email });
    expect(full.json().party.status).toBe('waitlisted');
    expect(mailsTo(b!).map((mail) => mail.subject)).toEqual([`On the waitlist: ${event.title}`]);

    const nobody = await add({ email: 'nobody-here@example.com' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.fields.email).toBeDefined();
  });

  it('finds by name only the people the organizer plays with; a stranger’s id is refused', async () => {
    const [teammate, stranger] = pool.slice(7);
    const earlier = await createEventAs(t.app, owner.cookie, placeId);
    await join(earlier.id, teammate!, earlier.next?.startsAt as string);
    const event = await createEventAs(t.app, owner.cookie, placeId);
    const search = (q: string, who: User = owner) =>
      call('GET', `/api/events/${event.id}/player-search?q=${encodeURIComponent(q)}`, who.cookie);

    const byName = (await search(teammate!.body.name)).json().people;
    expect(byName.map((person: { userId: string }) => person.userId)).toEqual([teammate!.user.id]);
    expect((await search(stranger!.body.name)).json().people).toEqual([]);
    const byEmail = (await search(stranger!.body.email)).json().people;
    expect(byEmail.map((person: { userId: string }) => person.userId)).toEqual([stranger!.user.id]);
    expect((await search(teammate!.body.name, stranger)).statusCode).toBe(403);

    const occurrenceStartsAt = event.next?.startsAt as string;
    const refused = await call('POST', `/api/events/${event.id}/players`, owner.cookie, {
      occurrenceStartsAt,
      userId: stranger!.user.id,
    });
    expect(refused.statusCode).toBe(404);
    const added = await call('POST', `/api/events/${event.id}/players`, owner.cookie, {
      occurrenceStartsAt,
      userId: teammate!.user.id,
    });
    expect(added.statusCode).toBe(201);
  });

  it('never passes the spots when many are added at once', async () => {
    const event = await createEventAs(t.app, owner.cookie, placeId, { slots: 3 });
    const occurrenceStartsAt = event.next?.startsAt as string;
    const people = pool.slice(9, 19);
    const replies = await Promise.all(
      people.map((person) =>
        call('POST', `/api/events/${event.id}/players`, owner.cookie, {
          occurrenceStartsAt,
          email: person.body.email,
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(people.map(() => 201));
    const parties = await t.db.select().from(eventParties).where(eq(eventParties.eventId, event.id));
    expect(parties.filter((party) => party.status === 'joined')).toHaveLength(3);
    const positions = parties.filter((party) => party.status === 'waitlisted').map((party) => party.position);
    expect(new Set(positions).size).toBe(7);
  });
});

describe('attendance', () => {
  it('is marked after the start, for joined players, idempotently, and counts as games played', async () => {
    const [a, b, stranger] = pool.slice(19);
    const event = await createEventAs(t.app, owner.cookie, placeId, { slots: 1 });
    const occurrenceStartsAt = event.next?.startsAt as string;
    await join(event.id, a!, occurrenceStartsAt);
    await join(event.id, b!, occurrenceStartsAt);
    const mark = (userId: string, status: string, who: User = owner) =>
      call('PUT', `/api/events/${event.id}/attendance`, who.cookie, { occurrenceStartsAt, userId, status });

    const early = await mark(a!.user.id, 'present');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(notStartedMessage);

    clock.set(new Date(Date.parse(occurrenceStartsAt) + 30 * 60_000));
    expect((await mark(a!.user.id, 'present', stranger)).statusCode).toBe(403);
    const before = await countGamesPlayed(t.db, { userId: a!.user.id, now: clock.now() });
    const marked = await mark(a!.user.id, 'present');
    expect(marked.statusCode).toBe(200);
    expect(marked.json().attendance).toEqual([{ userId: a!.user.id, status: 'present' }]);
    expect((await mark(a!.user.id, 'present')).json().attendance).toHaveLength(1);
    expect(await countGamesPlayed(t.db, { userId: a!.user.id, now: clock.now() })).toBe(before + 1);

    // A correction overwrites; a no-show is not a game played.
    await mark(a!.user.id, 'no_show');
    expect(await countGamesPlayed(t.db, { userId: a!.user.id, now: clock.now() })).toBe(before);

    // Only people with a spot: b waits.
    expect((await mark(b!.user.id, 'present')).statusCode).toBe(404);
    const listed = await call(
      'GET',
      `/api/events/${event.id}/attendance?occurrence=${encodeURIComponent(occurrenceStartsAt)}`,
      owner.cookie,
    );
    expect(listed.json().attendance).toEqual([{ userId: a!.user.id, status: 'no_show' }]);
  });
});

describe('message the players', () => {
  it('mails the chosen people, and at most a few messages per event per hour', async () => {
    const [a, b, stranger] = pool.slice(0, 3);
    const event = await createEventAs(t.app, owner.cookie, placeId, { slots: 1 });
    const occurrenceStartsAt = event.next?.startsAt as string;
    const send = (audience: string, who: User = owner) =>
      call('POST', `/api/events/${event.id}/messages`, who.cookie, {
        occurrenceStartsAt,
        audience,
        subject: 'Bring a dark shirt',
        message: 'We play darks against lights.\nSee you there!',
      });

    expect((await send('both')).statusCode).toBe(400);
    await join(event.id, a!, occurrenceStartsAt);
    await join(event.id, b!, occurrenceStartsAt);
    mails.length = 0;
    expect((await send('both', stranger)).statusCode).toBe(403);

    const joined = await send('joined');
    expect(joined.json()).toEqual({ recipients: 1 });
    expect(mails.map((mail) => mail.to)).toEqual([a!.body.email]);
    expect(mails[0]?.subject).toBe(`Bring a dark shirt (${event.title})`);
    expect(mails[0]?.text).toContain('We play darks against lights.\nSee you there!');
    mails.length = 0;
    expect((await send('waiting')).json()).toEqual({ recipients: 1 });
    expect(mails.map((mail) => mail.to)).toEqual([b!.body.email]);

    // In parallel, the limit still holds: one more gets through, the rest are refused.
    const burst = await Promise.all(Array.from({ length: 4 }, () => send('both')));
    expect(burst.filter((reply) => reply.statusCode === 200)).toHaveLength(messagesPerEventPerHour - 2);
    const limited = burst.find((reply) => reply.statusCode === 429);
    expect(limited?.json().error.message).toMatch(/at most 3 messages per event per hour\. Try again in 60 minutes\./);

    clock.set(new Date(start.getTime() + 61 * 60_000));
    expect((await send('both')).statusCode).toBe(200);
  });
});
