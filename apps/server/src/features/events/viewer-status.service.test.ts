import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { createEventAs, createTeamAs, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Thursday 2026-10-01, 07:00 in Chicago.
const clock = createManualClock(new Date('2026-10-01T12:00:00Z'));
type User = Awaited<ReturnType<typeof signUpUser>>;
interface Summary {
  id: string;
  viewerStatus: { kind: string; waitlistPosition?: number; offerExpiresAt?: string; on?: string } | null;
}
let t: TestApp;
let organizer: User;
let first: User;
let second: User;
let third: User;
let stranger: User;
// An area of its own (Montana), far from the other tests' places.
const here = { lat: 47.0, lng: -110.0 };
let placeId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const users = await Promise.all(Array.from({ length: 5 }, () => signUpUser(t.app)));
  [organizer, first, second, third, stranger] = users as [User, User, User, User, User];
  placeId = (await insertPlace(t.db, here)).id;
});
afterAll(async () => {
  await t.close();
});

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const join = async (eventId: string, startsAt: string, who: User) => {
  const response = await request('POST', `/api/events/${eventId}/parties`, who.cookie, {
    occurrenceStartsAt: startsAt,
    friends: 0,
    guest: null,
  });
  expect(response.statusCode).toBe(201);
};
/** The viewer's status on this event in a list reply. */
const statusIn = (reply: { events: Summary[] }, eventId: string) =>
  reply.events.find((event) => event.id === eventId)?.viewerStatus;
const nearbyAs = async (who?: User) =>
  (await request('GET', `/api/events/nearby?lat=${here.lat}&lng=${here.lng}&limit=50`, who?.cookie)).json();
const discoverAs = async (who?: User) =>
  (await request('GET', `/api/events?lat=${here.lat}&lng=${here.lng}&maxDistanceKm=5`, who?.cookie)).json();

describe('viewerStatus on event lists', () => {
  it('says going, waitlist with its place, offer with its deadline, organizer, and null for others', async () => {
    const event = await createEventAs(t.app, organizer.cookie, placeId, { slots: 1 });
    const startsAt = event.next!.startsAt;
    await join(event.id, startsAt, first);
    await join(event.id, startsAt, second);
    await join(event.id, startsAt, third);

    for (const list of [nearbyAs, discoverAs]) {
      expect(statusIn(await list(first), event.id)).toEqual({ kind: 'going' });
      expect(statusIn(await list(second), event.id)).toEqual({ kind: 'waitlist', waitlistPosition: 1 });
      expect(statusIn(await list(third), event.id)).toEqual({ kind: 'waitlist', waitlistPosition: 2 });
      expect(statusIn(await list(organizer), event.id)).toEqual({ kind: 'organizer' });
      expect(statusIn(await list(stranger), event.id)).toBeNull();
      expect(statusIn(await list(), event.id)).toBeNull();
    }
    // Home's upcoming events: a waitlisted game never reads as joined.
    expect(statusIn((await request('GET', '/api/me/events', second.cookie)).json(), event.id)).toEqual({
      kind: 'waitlist',
      waitlistPosition: 1,
    });
    expect(statusIn((await request('GET', '/api/me/events', first.cookie)).json(), event.id)).toEqual({
      kind: 'going',
    });

    // The spot frees up: the first in line is offered it (with the claim deadline); the next is
    // still second in line, behind the offer, as the event page lists them.
    const left = await request('DELETE', `/api/events/${event.id}/parties/mine?occurrence=${startsAt}`, first.cookie);
    expect(left.statusCode).toBe(200);
    const offered = statusIn(await nearbyAs(second), event.id);
    expect(offered?.kind).toBe('offer');
    // More than 6 hours before the start: a 2-hour claim window.
    expect(Date.parse(offered!.offerExpiresAt!)).toBe(clock.now().getTime() + 2 * 60 * 60 * 1000);
    expect(statusIn(await nearbyAs(third), event.id)).toEqual({ kind: 'waitlist', waitlistPosition: 2 });
    expect(statusIn(await nearbyAs(first), event.id)).toBeNull();

    // The event view carries the same field for its date.
    const view = (await request('GET', `/api/events/${event.id}`, third.cookie)).json();
    expect(view.event.viewerStatus).toEqual({ kind: 'waitlist', waitlistPosition: 2 });
    expect((await request('GET', `/api/events/${event.id}`)).json().event.viewerStatus).toBeNull();
  });

  it('is about the date shown, or names the later date of a series the viewer joined', async () => {
    const event = await createEventAs(t.app, organizer.cookie, placeId, {
      startLocal: '2026-10-06T18:00',
      endLocal: '2026-10-06T20:00',
      repeat: { weekdays: [2], until: null, count: 4 },
    });
    const view = (await request('GET', `/api/events/${event.id}`, first.cookie)).json();
    const secondDate = view.upcoming[1].startsAt as string;
    await join(event.id, secondDate, first);

    // Lists show the next date, which the player has not joined: the status names the later date.
    for (const list of [nearbyAs, discoverAs]) {
      expect(statusIn(await list(first), event.id)).toEqual({ kind: 'going', on: secondDate });
      expect(statusIn(await list(second), event.id)).toBeNull();
    }
    // The event's own page is about one date: the next one says nothing, the second one "going".
    const onNext = (await request('GET', `/api/events/${event.id}`, first.cookie)).json();
    expect(onNext.event.viewerStatus).toBeNull();
    const onSecond = (await request('GET', `/api/events/${event.id}?occurrence=${secondDate}`, first.cookie)).json();
    expect(onSecond.event.viewerStatus).toEqual({ kind: 'going' });

    // Joined on the next date too: that is the one a list speaks of.
    await join(event.id, view.upcoming[0].startsAt as string, first);
    expect(statusIn(await nearbyAs(first), event.id)).toEqual({ kind: 'going' });
  });

  it('names the organizers of the event’s team, and a party before the organizer role', async () => {
    const team = await createTeamAs(t.app, organizer.cookie);
    const event = await createEventAs(t.app, organizer.cookie, placeId, { teamId: team.id });
    expect(statusIn((await request('GET', `/api/teams/${team.id}/events`, organizer.cookie)).json(), event.id)).toEqual(
      {
        kind: 'organizer',
      },
    );
    await join(event.id, event.next!.startsAt, organizer);
    expect(statusIn(await nearbyAs(organizer), event.id)).toEqual({ kind: 'going' });
    expect(
      statusIn((await request('GET', `/api/places/${placeId}/events`, stranger.cookie)).json(), event.id),
    ).toBeNull();
  });

  it('reads the status of a long list in one go', async () => {
    const events = await Promise.all(Array.from({ length: 12 }, () => createEventAs(t.app, organizer.cookie, placeId)));
    await Promise.all(events.slice(0, 6).map((event) => join(event.id, event.next!.startsAt, stranger)));
    const reply = await nearbyAs(stranger);
    for (const [index, event] of events.entries()) {
      expect(statusIn(reply, event.id)).toEqual(index < 6 ? { kind: 'going' } : null);
    }
  });
});
