import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  createEventAs,
  createTeamAs,
  insertEvent,
  insertParty,
  insertPlace,
  markChargesEnabled,
  signUpUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Thursday 2026-10-01, 07:00 in Chicago.
const clock = createManualClock(new Date('2026-10-01T12:00:00Z'));
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let owner: User;
let player: User;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  [owner, player] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
  // The paid games below need an organizer who can take charges (decision 033).
  await markChargesEnabled(t.db, owner.user.id);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const ids = (reply: { events: { id: string }[] }) => reply.events.map((event) => event.id);
/** A one-off game on this local date, 18:00 to 20:00 in Chicago. */
const on = (date: string, overrides: Record<string, unknown> = {}) => ({
  startLocal: `${date}T18:00`,
  endLocal: `${date}T20:00`,
  ...overrides,
});

/** Reads every page of a discover query and checks no event repeats. */
async function allPages(query: string) {
  const pages: string[][] = [];
  let startId: string | null = null;
  do {
    const response = await get(`/api/events?${query}${startId ? `&startId=${startId}` : ''}`);
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    pages.push(ids(reply));
    startId = reply.nextStartId;
  } while (startId && pages.length < 20);
  return pages;
}

describe('nearby events (home)', () => {
  it('lists future public events nearest first, without cancelled, past or team-only ones', async () => {
    // An area of its own in Oregon, far from the other tests' places.
    const here = { lat: 45.0, lng: -120.0 };
    const [near, middle, far] = await Promise.all(
      [0.01, 0.2, 1].map((offset) => insertPlace(t.db, { lat: here.lat + offset, lng: here.lng })),
    );
    const nearest = await createEventAs(t.app, owner.cookie, near!.id);
    const second = await createEventAs(t.app, owner.cookie, middle!.id);
    const third = await createEventAs(t.app, owner.cookie, far!.id);
    const cancelled = await createEventAs(t.app, owner.cookie, near!.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${cancelled.id}/cancel`,
      headers: { cookie: owner.cookie },
    });
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: near!.id, ...on('2026-09-15') });
    const team = await createTeamAs(t.app, owner.cookie);
    await createEventAs(t.app, owner.cookie, near!.id, { teamId: team.id, visibility: 'team' });

    const reply = (await get(`/api/events/nearby?lat=${here.lat}&lng=${here.lng}&limit=3`)).json();
    expect(ids(reply)).toEqual([nearest.id, second.id, third.id]);
    expect(reply.nextStartId).toBeNull();
    const distances = reply.events.map((event: { distanceKm: number }) => event.distanceKm);
    expect(distances[0]).toBeCloseTo(1.1, 0);
    expect(distances[1]).toBeCloseTo(22.2, 0);
    expect(distances[2]).toBeCloseTo(111.2, 0);
  });
});

describe('discover', () => {
  it('pages nearest first without repeating or skipping, ties included', async () => {
    const here = { lat: 40.0, lng: -80.0 };
    const shared = await insertPlace(t.db, { lat: here.lat + 0.05, lng: here.lng });
    const places = await Promise.all(
      [0.01, 0.1, 0.3, 0.6].map((offset) => insertPlace(t.db, { lat: here.lat + offset, lng: here.lng })),
    );
    const created: string[] = [];
    // Three games at one place are equally far: the id breaks the tie.
    for (const place of [shared, shared, shared, ...places])
      created.push((await createEventAs(t.app, owner.cookie, place.id)).id);

    const query = `lat=${here.lat}&lng=${here.lng}&maxDistanceKm=100&limit=3`;
    const pages = await allPages(query);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual([...created].sort());
    const whole = (await get(`/api/events?${query.replace('limit=3', 'limit=10')}`)).json();
    expect(ids(whole)).toEqual(seen);
    const distances = whole.events.map((event: { distanceKm: number }) => event.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('pages through a spot with more events than one read holds, in id order', async () => {
    const here = { lat: 42.0, lng: -90.0 };
    const [nearest, crowded, farthest] = await Promise.all(
      [0.01, 0.1, 0.3].map((offset) => insertPlace(t.db, { lat: here.lat + offset, lng: here.lng })),
    );
    const first = await insertEvent(t.db, { creatorId: owner.user.id, placeId: nearest!.id });
    // More games at one spot than one nearest-first read takes (the page and its slack), so
    // the read ends inside the group and the group is finished by id.
    const group: string[] = [];
    for (let index = 0; index < 20; index += 1)
      group.push((await insertEvent(t.db, { creatorId: owner.user.id, placeId: crowded!.id })).id);
    const last = await insertEvent(t.db, { creatorId: owner.user.id, placeId: farthest!.id });

    const query = `lat=${here.lat}&lng=${here.lng}&maxDistanceKm=100&limit=3`;
    const pages = await allPages(query);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 3, 3, 3, 3, 1]);
    expect(pages.flat()).toEqual([first.id, ...group.sort(), last.id]);
    const whole = (await get(`/api/events?${query.replace('limit=3', 'limit=100')}`)).json();
    expect(ids(whole)).toEqual(pages.flat());
  });

  it("counts the people joined to each event's next occurrence, in every list", async () => {
    const here = { lat: 37.0, lng: -100.0 };
    const place = await insertPlace(t.db, here);
    // Tuesdays from 2026-09-29: that one is over, the next is 2026-10-06.
    const series = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Quokka league night',
      ...on('2026-09-29'),
      repeat: { weekdays: [2], until: null, count: 5 },
    });
    const quiet = await createEventAs(t.app, owner.cookie, place.id, on('2026-10-07'));
    const [withFriends, alone, waiting, earlier, later] = await Promise.all(
      [0, 1, 2, 3, 4].map(() => signUpUser(t.app)),
    );
    const next = '2026-10-06T23:00:00.000Z';
    const join = (cookie: string, friends: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${series.id}/parties`,
        headers: { cookie },
        payload: { occurrenceStartsAt: next, friends },
      });
    expect((await join(withFriends!.cookie, 2)).statusCode).toBe(201);
    expect((await join(alone!.cookie, 0)).statusCode).toBe(201);
    // Neither a waiting party nor people on the other dates count.
    await insertParty(t.db, {
      eventId: series.id,
      userId: waiting!.user.id,
      occurrenceStartsAt: new Date(next),
      status: 'waitlisted',
    });
    await insertParty(t.db, {
      eventId: series.id,
      userId: earlier!.user.id,
      occurrenceStartsAt: new Date('2026-09-29T23:00:00Z'),
    });
    await insertParty(t.db, {
      eventId: series.id,
      userId: later!.user.id,
      occurrenceStartsAt: new Date('2026-10-13T23:00:00Z'),
    });

    const counts = (reply: { events: { id: string; joinedCount: number }[] }) =>
      Object.fromEntries(reply.events.map((event) => [event.id, event.joinedCount]));
    const expected = { [series.id]: 4, [quiet.id]: 0 };
    const point = `lat=${here.lat}&lng=${here.lng}`;
    expect(counts((await get(`/api/events?${point}&maxDistanceKm=5`)).json())).toEqual(expected);
    expect(counts((await get(`/api/events/nearby?${point}&limit=2`)).json())).toEqual(expected);
    const bounds = `south=${here.lat - 0.1}&west=${here.lng - 0.1}&north=${here.lat + 0.1}&east=${here.lng + 0.1}`;
    expect(counts((await get(`/api/events?${bounds}`)).json())).toEqual(expected);
    expect(counts((await get(`/api/places/${place.id}/events`)).json())).toEqual(expected);
    expect(counts({ events: (await get('/api/search?q=Quokka')).json().events })).toEqual({ [series.id]: 4 });
    expect((await get(`/api/events/${series.id}`)).json().event.joinedCount).toBe(4);
  });

  it('pages map bounds by next start, a running weekly series by its next date', async () => {
    const place = await insertPlace(t.db, { lat: 35.0, lng: -106.0 });
    const soonest = await createEventAs(t.app, owner.cookie, place.id, on('2026-10-03'));
    const later = await createEventAs(t.app, owner.cookie, place.id, on('2026-10-10'));
    const latest = await createEventAs(t.app, owner.cookie, place.id, on('2026-10-20'));
    // Tuesdays since September: the next one is 2026-10-06.
    const series = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      ...on('2026-09-01'),
      repeat: { weekdays: [2], until: '2026-12-31', count: null },
    });

    const bounds = 'south=34.5&west=-106.5&north=35.5&east=-105.5';
    const pages = await allPages(`${bounds}&limit=2`);
    expect(pages).toEqual([
      [soonest.id, series.id],
      [later.id, latest.id],
    ]);
    const first = (await get(`/api/events?${bounds}&limit=2`)).json();
    expect(first.events[1]).toMatchObject({
      next: { startsAt: '2026-10-06T23:00:00.000Z' },
      startLocal: '2026-09-01T18:00',
      inPast: false,
      distanceKm: null,
    });
  });

  it('filters by game type, price, skill level, dates and distance', async () => {
    const here = { lat: 33.0, lng: -112.0 };
    const place = await insertPlace(t.db, here);
    const farther = await insertPlace(t.db, { lat: here.lat + 1, lng: here.lng });
    const hoops = await createEventAs(t.app, owner.cookie, place.id, { ...on('2026-10-10'), gameType: 'Basketball' });
    const paid = await createEventAs(t.app, owner.cookie, place.id, { ...on('2026-10-10'), priceCents: 800 });
    const zeroPrice = await createEventAs(t.app, owner.cookie, place.id, { ...on('2026-10-10'), priceCents: 0 });
    const advanced = await createEventAs(t.app, owner.cookie, farther.id, {
      ...on('2026-10-20'),
      skillLevel: 'advanced',
    });
    // Weekly on Tuesdays from 2026-10-06; the range below holds only its second date.
    const series = await createEventAs(t.app, owner.cookie, place.id, {
      ...on('2026-10-06'),
      repeat: { weekdays: [2], until: null, count: 3 },
    });
    const around = `lat=${here.lat}&lng=${here.lng}&maxDistanceKm=300`;
    const list = async (filters: string) => ids((await get(`/api/events?${around}&${filters}`)).json());

    expect(await list('gameType=Basketball')).toEqual([hoops.id]);
    expect(await list('price=paid')).toEqual([paid.id]);
    expect((await list('price=free')).sort()).toEqual([hoops.id, zeroPrice.id, series.id, advanced.id].sort());
    expect(await list('skillLevel=advanced')).toEqual([advanced.id]);
    expect(await list('from=2026-10-12&to=2026-10-14')).toEqual([series.id]);
    expect((await list('from=2026-10-15')).sort()).toEqual([advanced.id, series.id].sort());
    // A date range is finished in code; its pages still neither repeat nor skip.
    expect((await allPages(`${around}&from=2026-10-15&limit=1`)).flat().sort()).toEqual(
      [advanced.id, series.id].sort(),
    );
    // The advanced game is 111 km away.
    const near = (await get(`/api/events?lat=${here.lat}&lng=${here.lng}&maxDistanceKm=50&skillLevel=advanced`)).json();
    expect(ids(near)).toEqual([]);

    const noPoint = await get('/api/events?maxDistanceKm=50');
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().error.fields.maxDistanceKm).toBeDefined();
    const unknownCursor = await get(`/api/events?${around}&startId=00000000-0000-4000-8000-000000000000`);
    expect(unknownCursor.statusCode).toBe(400);
  });
});

describe('the gender filter (decision 022)', () => {
  it("keeps events open to the chosen group: its own rule and 'Any'", async () => {
    const here = { lat: 36.5, lng: -101.5 };
    const place = await insertPlace(t.db, here);
    const [open, women, men, coed] = await Promise.all(
      (['Any', 'Women', 'Men', 'Coed'] as const).map((gender) =>
        createEventAs(t.app, owner.cookie, place.id, { ...on('2026-10-10'), gender }),
      ),
    );
    const around = `lat=${here.lat}&lng=${here.lng}&maxDistanceKm=20`;
    const list = async (filters: string) => ids((await get(`/api/events?${around}&${filters}`)).json()).sort();

    expect(await list('gender=Women')).toEqual([open!.id, women!.id].sort());
    expect(await list('gender=Coed')).toEqual([open!.id, coed!.id].sort());
    expect(await list('gender=Any')).toEqual([open!.id, women!.id, men!.id, coed!.id].sort());
    expect(await list('sort=soonest&gender=Men')).toEqual([open!.id, men!.id].sort());
    expect(
      (await get(`/api/events?${around}`)).json().events.find((event: { id: string }) => event.id === women!.id),
    ).toMatchObject({ gender: 'Women' });
    expect((await get(`/api/events?${around}&gender=Woman`)).statusCode).toBe(400);
  });
});

describe("the user's events", () => {
  it('lists created and joined ones by next occurrence, the first 7, without cancelled or past ones', async () => {
    const place = await insertPlace(t.db, { lat: 41.0, lng: -74.0 });
    const organizer = await signUpUser(t.app);
    const mine: string[] = [];
    for (const day of [20, 12, 18, 14, 16, 22, 24, 26]) {
      mine.push((await createEventAs(t.app, organizer.cookie, place.id, on(`2026-10-${day}`))).id);
    }
    const theirs = await createEventAs(t.app, owner.cookie, place.id, on('2026-10-13'));
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/events/${theirs.id}/parties`,
      headers: { cookie: organizer.cookie },
      payload: { occurrenceStartsAt: theirs.next?.startsAt },
    });
    expect(joined.statusCode).toBe(201);
    const cancelled = await createEventAs(t.app, organizer.cookie, place.id, on('2026-10-11'));
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${cancelled.id}/cancel`,
      headers: { cookie: organizer.cookie },
    });
    await insertEvent(t.db, { creatorId: organizer.user.id, placeId: place.id, ...on('2026-09-20') });

    const reply = (await get('/api/me/events', organizer.cookie)).json();
    // Oct 12, 13 (joined), 14, 16, 18, 20, 22; 24 and 26 are past the first 7.
    expect(ids(reply)).toEqual([mine[1], theirs.id, mine[3], mine[4], mine[2], mine[0], mine[5]]);
    expect((await get('/api/me/events')).statusCode).toBe(401);
    expect(ids((await get('/api/me/events', player.cookie)).json())).toEqual([]);
  });
});

describe('events at a place', () => {
  it('lists the upcoming public ones', async () => {
    const place = await insertPlace(t.db, { lat: 39.0, lng: -95.0 });
    const open = await createEventAs(t.app, owner.cookie, place.id, on('2026-10-15'));
    const team = await createTeamAs(t.app, owner.cookie);
    await createEventAs(t.app, owner.cookie, place.id, { ...on('2026-10-16'), teamId: team.id, visibility: 'team' });
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, ...on('2026-09-16') });
    expect(ids((await get(`/api/places/${place.id}/events`)).json())).toEqual([open.id]);
    expect((await get('/api/places/00000000-0000-4000-8000-000000000000/events')).statusCode).toBe(404);
  });
});
