import { alreadyJoinedMessage, eventCancelledMessage } from '@huddle/shared/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  createEventAs,
  createTeamAs,
  eventBodyFor,
  insertPlace,
  markChargesEnabled,
  signUpUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const clock = createManualClock(new Date('2026-10-01T12:00:00Z'));
let t: TestApp;
let place: { id: string; lat: number; lng: number; geohash: string };
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  place = await insertPlace(t.db, { lat: 30.2669, lng: -97.7729 });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const join = (eventId: string, cookie: string, occurrenceStartsAt: string, friends = 0) =>
  call('POST', `/api/events/${eventId}/parties`, cookie, { occurrenceStartsAt, friends });

describe('creating and editing events', () => {
  it('stores the place, the first occurrence and the schedule, and reads the times back as sent', async () => {
    const owner = await signUpUser(t.app);
    // A price needs a connected account that can take charges (decision 033).
    await markChargesEnabled(t.db, owner.user.id);
    const response = await call(
      'POST',
      '/api/events',
      owner.cookie,
      eventBodyFor(place.id, {
        title: 'Evening run',
        timeZone: 'Asia/Kolkata',
        startLocal: '2026-12-24T19:30',
        endLocal: '2026-12-24T21:15',
        priceCents: 500,
      }),
    );
    expect(response.statusCode).toBe(201);
    const event = response.json();
    expect(event).toMatchObject({
      title: 'Evening run',
      timeZone: 'Asia/Kolkata',
      startLocal: '2026-12-24T19:30',
      endLocal: '2026-12-24T21:15',
      repeat: null,
      // India is UTC+5:30 all year.
      next: { startsAt: '2026-12-24T14:00:00.000Z', endsAt: '2026-12-24T15:45:00.000Z' },
      place: { id: place.id, lat: place.lat, lng: place.lng },
      team: null,
      joinedCount: 0,
      priceCents: 500,
      cancelled: false,
      inPast: false,
      creatorId: owner.user.id,
    });
    const view = (await call('GET', `/api/events/${event.id}`)).json();
    expect(view.event).toMatchObject({ startLocal: '2026-12-24T19:30', endLocal: '2026-12-24T21:15' });
  });

  it('keeps a weekly game at 18:00 local across the end of daylight saving time', async () => {
    const owner = await signUpUser(t.app);
    // Tuesdays in Chicago; the clocks go back on Sunday 2026-11-01.
    const event = await createEventAs(t.app, owner.cookie, place.id, {
      timeZone: 'America/Chicago',
      startLocal: '2026-10-20T18:00',
      endLocal: '2026-10-20T20:00',
      repeat: { weekdays: [2], until: null, count: 4 },
    });
    const view = (await call('GET', `/api/events/${event.id}`)).json();
    expect(view.event.repeat).toEqual({ weekdays: [2], until: null, count: 4 });
    expect(view.upcoming.map((occurrence: { startsAt: string }) => occurrence.startsAt)).toEqual([
      '2026-10-20T23:00:00.000Z',
      '2026-10-27T23:00:00.000Z',
      '2026-11-04T00:00:00.000Z',
      '2026-11-11T00:00:00.000Z',
    ]);
    const afterChange = await call('GET', `/api/events/${event.id}?occurrence=2026-11-04T00:00:00.000Z`);
    expect(afterChange.statusCode).toBe(200);
    expect(afterChange.json().occurrence).toEqual({
      startsAt: '2026-11-04T00:00:00.000Z',
      endsAt: '2026-11-04T02:00:00.000Z',
    });
    const notInSeries = await call('GET', `/api/events/${event.id}?occurrence=2026-11-03T23:00:00.000Z`);
    expect(notInSeries.statusCode).toBe(400);
    expect(notInSeries.json().error.fields.occurrence).toBeDefined();
  });

  it.each([
    ['an unknown place', { placeId: '00000000-0000-4000-8000-000000000000' }, 'placeId'],
    ['an unknown game type', { gameType: 'Quidditch' }, 'gameType'],
    ['a start in the past', { startLocal: '2026-09-01T18:00', endLocal: '2026-09-01T20:00' }, 'startLocal'],
    ['an end before the start', { endLocal: '2030-06-04T17:00' }, 'endLocal'],
    ['a repeat without an end', { repeat: { weekdays: [2] } }, 'repeat.until'],
    ['a time the clocks skip', { startLocal: '2027-03-14T02:30', endLocal: '2027-03-14T04:00' }, 'startLocal'],
    ['an unknown team', { teamId: '00000000-0000-4000-8000-000000000000' }, 'teamId'],
    ['zero slots', { slots: 0 }, 'slots'],
  ])('refuses %s beside the field', async (_label, change, field) => {
    const owner = await signUpUser(t.app);
    const response = await call('POST', '/api/events', owner.cookie, eventBodyFor(place.id, change));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });

  it("stores who can play: 'Any' unless chosen, editable, only from the event list (decision 022)", async () => {
    const owner = await signUpUser(t.app);
    const open = await call('POST', '/api/events', owner.cookie, eventBodyFor(place.id));
    expect(open.json().gender).toBe('Any');
    const women = await call('POST', '/api/events', owner.cookie, eventBodyFor(place.id, { gender: 'Women' }));
    expect(women.statusCode).toBe(201);
    expect(women.json().gender).toBe('Women');
    const { id } = women.json();
    expect((await call('GET', `/api/events/${id}`, owner.cookie)).json().event.gender).toBe('Women');
    const edited = await call('PUT', `/api/events/${id}`, owner.cookie, eventBodyFor(place.id, { gender: 'Coed' }));
    expect(edited.json().gender).toBe('Coed');
    for (const gender of ['Woman', 'any', '']) {
      const refused = await call('POST', '/api/events', owner.cookie, eventBodyFor(place.id, { gender }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.gender).toEqual(['Choose who can play.']);
    }
  });

  it('refuses signed-out creators, and a team the creator does not organize', async () => {
    expect((await call('POST', '/api/events', '', eventBodyFor(place.id))).statusCode).toBe(401);
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const player = await signUpUser(t.app);
    expect((await call('POST', `/api/teams/${team.id}/join`, player.cookie)).statusCode).toBe(200);
    const foreign = await call('POST', '/api/events', player.cookie, eventBodyFor(place.id, { teamId: team.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.teamId).toBeDefined();
  });

  it('lets only the creator or the team organizers edit and cancel', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const organizer = await signUpUser(t.app);
    await call('POST', `/api/teams/${team.id}/join`, organizer.cookie);
    await call('PUT', `/api/teams/${team.id}/members/${organizer.user.id}/role`, owner.cookie, { role: 'organizer' });
    const event = await createEventAs(t.app, organizer.cookie, place.id, { teamId: team.id });
    const stranger = await signUpUser(t.app);

    const body = eventBodyFor(place.id, { teamId: team.id, title: 'Renamed game' });
    expect((await call('PUT', `/api/events/${event.id}`, stranger.cookie, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/events/${event.id}/cancel`, stranger.cookie)).statusCode).toBe(403);
    expect((await call('PUT', `/api/events/${event.id}`, '', body)).statusCode).toBe(401);
    // The team's owner manages an event another organizer created.
    const edited = await call('PUT', `/api/events/${event.id}`, owner.cookie, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Renamed game', team: { id: team.id } });
    expect((await call('GET', `/api/events/${event.id}`, owner.cookie)).json().canManage).toBe(true);
    expect((await call('GET', `/api/events/${event.id}`, stranger.cookie)).json().canManage).toBe(false);
  });

  it('refuses fewer slots than people already joined', async () => {
    const owner = await signUpUser(t.app);
    const event = await createEventAs(t.app, owner.cookie, place.id, { slots: 5 });
    const start = event.next?.startsAt as string;
    const player = await signUpUser(t.app);
    expect((await join(event.id, player.cookie, start, 2)).statusCode).toBe(201);

    const tooFew = await call('PUT', `/api/events/${event.id}`, owner.cookie, eventBodyFor(place.id, { slots: 2 }));
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().error.fields.slots).toEqual(['3 people have joined already; keep at least 3 spots.']);
    const enough = await call('PUT', `/api/events/${event.id}`, owner.cookie, eventBodyFor(place.id, { slots: 3 }));
    expect(enough.statusCode).toBe(200);
    expect(enough.json()).toMatchObject({ slots: 3, joinedCount: 3 });
  });

  it('moves the people of a one-off game when its time changes', async () => {
    const owner = await signUpUser(t.app);
    const event = await createEventAs(t.app, owner.cookie, place.id);
    const player = await signUpUser(t.app);
    await join(event.id, player.cookie, event.next?.startsAt as string);
    const moved = eventBodyFor(place.id, { startLocal: '2030-06-05T09:00', endLocal: '2030-06-05T10:30' });
    expect((await call('PUT', `/api/events/${event.id}`, owner.cookie, moved)).statusCode).toBe(200);
    const view = (await call('GET', `/api/events/${event.id}`, player.cookie)).json();
    expect(view.occurrence.startsAt).toBe('2030-06-05T14:00:00.000Z');
    expect(view.myParty).toMatchObject({ status: 'joined' });
  });
});

describe('team-only events', () => {
  it('exist only for the team members', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie);
    const member = await signUpUser(t.app);
    await call('POST', `/api/teams/${team.id}/join`, member.cookie);
    const event = await createEventAs(t.app, owner.cookie, place.id, { teamId: team.id, visibility: 'team' });
    const outsider = await signUpUser(t.app);

    expect((await call('GET', `/api/events/${event.id}`, member.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${event.id}`, outsider.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await join(event.id, outsider.cookie, event.next?.startsAt as string)).statusCode).toBe(404);
    expect((await call('PUT', `/api/events/${event.id}/favorite`, outsider.cookie)).statusCode).toBe(404);

    const forMembers = (await call('GET', `/api/teams/${team.id}/events`, member.cookie)).json();
    expect(forMembers.events.map((listed: { id: string }) => listed.id)).toEqual([event.id]);
    expect((await call('GET', `/api/teams/${team.id}/events`, outsider.cookie)).json().events).toEqual([]);
  });
});

describe('cancelling', () => {
  it('keeps the event, marked cancelled, and refuses joins and edits', async () => {
    const owner = await signUpUser(t.app);
    const event = await createEventAs(t.app, owner.cookie, place.id);
    const cancelled = await call('POST', `/api/events/${event.id}/cancel`, owner.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelled).toBe(true);

    const view = await call('GET', `/api/events/${event.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().event.cancelled).toBe(true);

    const player = await signUpUser(t.app);
    const joined = await join(event.id, player.cookie, event.next?.startsAt as string);
    expect(joined.statusCode).toBe(409);
    expect(joined.json().error.message).toBe(eventCancelledMessage);
    const edited = await call('PUT', `/api/events/${event.id}`, owner.cookie, eventBodyFor(place.id));
    expect(edited.statusCode).toBe(409);
  });
});

describe('the event view', () => {
  it('shows joiners, the viewer’s party and the spots left; a second join is refused', async () => {
    const owner = await signUpUser(t.app);
    const event = await createEventAs(t.app, owner.cookie, place.id, { slots: 4 });
    const start = event.next?.startsAt as string;
    const player = await signUpUser(t.app, { name: 'Rosa Diaz' });
    expect((await join(event.id, player.cookie, start, 1)).statusCode).toBe(201);
    const again = await join(event.id, player.cookie, start);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(alreadyJoinedMessage);

    const view = (await call('GET', `/api/events/${event.id}`, player.cookie)).json();
    expect(view).toMatchObject({
      creator: { id: owner.user.id, displayName: owner.body.name },
      occurrence: event.next,
      rsvpSlots: 2,
      canManage: false,
      joiners: [
        {
          userId: player.user.id,
          isUnregisteredUser: false,
          displayName: 'Rosa Diaz',
          photoURL: '/images/default-avatar.svg',
          partySize: 2,
          status: 'joined',
          checkedIn: false,
        },
      ],
      waitlist: [],
      myParty: { userId: player.user.id },
    });
    expect(view.event.joinedCount).toBe(2);
  });

  it('counts favourites and lists them for the user', async () => {
    const owner = await signUpUser(t.app);
    const event = await createEventAs(t.app, owner.cookie, place.id);
    const [first, second] = [await signUpUser(t.app), await signUpUser(t.app)];
    expect((await call('PUT', `/api/events/${event.id}/favorite`, first.cookie)).json()).toEqual({
      favoriteUserCount: 1,
      isFavorite: true,
    });
    // Twice is the same as once.
    await call('PUT', `/api/events/${event.id}/favorite`, first.cookie);
    expect((await call('PUT', `/api/events/${event.id}/favorite`, second.cookie)).json().favoriteUserCount).toBe(2);
    expect((await call('GET', `/api/events/${event.id}`, first.cookie)).json()).toMatchObject({
      favoriteUserCount: 2,
      isFavorite: true,
    });
    expect((await call('GET', `/api/events/${event.id}`)).json().isFavorite).toBe(false);
    expect(
      (await call('GET', '/api/me/favorites', first.cookie)).json().events.map((e: { id: string }) => e.id),
    ).toEqual([event.id]);
    expect((await call('DELETE', `/api/events/${event.id}/favorite`, first.cookie)).json()).toEqual({
      favoriteUserCount: 1,
      isFavorite: false,
    });
    expect((await call('GET', '/api/me/favorites', first.cookie)).json().events).toEqual([]);
    expect((await call('PUT', `/api/events/${event.id}/favorite`)).statusCode).toBe(401);
  });
});
