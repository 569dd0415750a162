import { geohashOf, placePositionMessage } from '@huddle/shared/places';
import geohash from 'ngeohash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const clock = createManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const hour = 60 * 60 * 1000;
const zilker = { lat: 30.2669, lng: -97.7729 };

function placeBody(overrides: Record<string, unknown> = {}) {
  const lat = (overrides.lat as number | undefined) ?? zilker.lat;
  const lng = (overrides.lng as number | undefined) ?? zilker.lng;
  return {
    name: 'Zilker Park',
    address: '2100 Barton Springs Rd, Austin, TX',
    description: 'Six fields by the river.',
    lat,
    lng,
    geohash: geohashOf(lat, lng),
    ...overrides,
  };
}

async function createPlaceAs(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/places', cookie, placeBody(overrides));
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: string; name: string; geohash: string; canEdit: boolean };
}

const setPrivacy = (cookie: string, publicOnlineStatus: boolean) =>
  call('PUT', '/api/me/privacy', cookie, {
    privacy: { messagesFromAnyone: true, publicBadges: true, publicOnlineStatus, publicUpcomingGames: true },
  });

describe('places', () => {
  it('are added by signed-in players only, with the geohash stored at full precision', async () => {
    expect((await call('POST', '/api/places', '', placeBody())).statusCode).toBe(401);
    const owner = await signUpUser(t.app);
    // A shorter hash for the same point is accepted; the server stores its own.
    const place = await createPlaceAs(owner.cookie, { geohash: geohash.encode(zilker.lat, zilker.lng, 6) });
    expect(place).toMatchObject({ name: 'Zilker Park', canEdit: true, geohash: geohashOf(zilker.lat, zilker.lng) });
    expect(place.geohash).toHaveLength(9);
    const view = await call('GET', `/api/places/${place.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ place: { id: place.id, canEdit: false }, checkins: [], myCheckin: null });
  });

  it.each([
    ['a latitude out of range', { lat: 91, geohash: 'zzzzzzzzz' }, 'lat'],
    ['a longitude out of range', { lng: -181, geohash: 'zzzzzzzzz' }, 'lng'],
    ['a geohash for another point', { geohash: geohashOf(40.7128, -74.006) }, 'geohash'],
    ['a one-letter name', { name: 'Z' }, 'name'],
  ])('refuse %s beside the field', async (_label, change, field) => {
    const owner = await signUpUser(t.app);
    const response = await call('POST', '/api/places', owner.cookie, placeBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });

  it.each([
    ['no coordinates', { lat: undefined, lng: undefined, geohash: 's' }],
    ['null coordinates (read as 0 by a coercing schema)', { lat: null, lng: null, geohash: 's00000000' }],
    ['empty coordinates', { lat: '', lng: '', geohash: 's00000000' }],
    ['0,0, where a form that never set the spot lands', { lat: 0, lng: 0, geohash: geohashOf(0, 0) }],
  ])('refuse a place with %s: it has no real position', async (_label, change) => {
    const owner = await signUpUser(t.app);
    const created = await call('POST', '/api/places', owner.cookie, placeBody(change));
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields.lat).toEqual([placePositionMessage]);
    // Moving a saved place there is refused the same way, and leaves it where it was.
    const place = await createPlaceAs(owner.cookie);
    const moved = await call('PUT', `/api/places/${place.id}`, owner.cookie, placeBody(change));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.lat).toEqual([placePositionMessage]);
    expect((await call('GET', `/api/places/${place.id}`)).json().place).toMatchObject(zilker);
  });

  it('are changed by their creator only', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const place = await createPlaceAs(owner.cookie);
    const change = placeBody({ name: 'Zilker Park Fields' });
    expect((await call('PUT', `/api/places/${place.id}`, '', change)).statusCode).toBe(401);
    const refused = await call('PUT', `/api/places/${place.id}`, other.cookie, change);
    expect(refused.statusCode).toBe(403);
    const changed = await call('PUT', `/api/places/${place.id}`, owner.cookie, change);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Zilker Park Fields', canEdit: true });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('PUT', `/api/places/${unknown}`, owner.cookie, change)).statusCode).toBe(404);
    expect((await call('GET', `/api/places/${unknown}`)).statusCode).toBe(404);
  });

  it('are listed inside map bounds', async () => {
    const inside = await insertPlace(t.db, { name: 'Bounds Inside', lat: 45.5, lng: -122.6 });
    const outside = await insertPlace(t.db, { name: 'Bounds Outside', lat: 47.6, lng: -122.3 });
    const response = await call('GET', '/api/places?south=45&west=-123&north=46&east=-122');
    expect(response.statusCode).toBe(200);
    const ids = response.json().places.map((place: { id: string }) => place.id);
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);
  });

  it.each([
    ['north below south', 'south=46&west=-123&north=45&east=-122', 'north'],
    ['a latitude out of range', 'south=-95&west=-123&north=46&east=-122', 'south'],
    ['a missing edge', 'south=45&west=-123&north=46', 'east'],
  ])('refuse bounds with %s', async (_label, query, field) => {
    const response = await call('GET', `/api/places?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });
});

describe('address autocomplete', () => {
  it('suggests known places first, then US cities', async () => {
    const place = await insertPlace(t.db, { name: 'Austin Rec Center', address: '1301 Shoal Creek Blvd, Austin, TX' });
    const response = await call('GET', '/api/places/addresses?q=austin');
    expect(response.statusCode).toBe(200);
    const suggestions = response.json().suggestions as { kind: string; placeId: string; formattedAddress: string }[];
    expect(suggestions[0]).toMatchObject({
      kind: 'place',
      placeId: place.id,
      formattedAddress: 'Austin Rec Center, 1301 Shoal Creek Blvd, Austin, TX',
    });
    const cities = suggestions.filter((suggestion) => suggestion.kind === 'city');
    expect(cities[0]).toMatchObject({ formattedAddress: 'Austin, TX', placeId: null });
    expect(suggestions.findIndex((suggestion) => suggestion.kind === 'city')).toBeGreaterThan(0);
  });

  it('finds a place by its address and puts the nearest city first', async () => {
    await insertPlace(t.db, { name: 'Riverside Courts', address: '77 Quarry Lane, Springfield, MA' });
    const byAddress = (await call('GET', '/api/places/addresses?q=quarry lane')).json().suggestions;
    expect(byAddress[0]).toMatchObject({ kind: 'place', name: 'Riverside Courts' });
    const nearBoston = (await call('GET', '/api/places/addresses?q=springfield&lat=42.36&lng=-71.06')).json();
    const cities = nearBoston.suggestions.filter((suggestion: { kind: string }) => suggestion.kind === 'city');
    expect(cities[0].formattedAddress).toBe('Springfield, MA');
    const nearStLouis = (await call('GET', '/api/places/addresses?q=springfield&lat=38.63&lng=-90.2')).json();
    expect(nearStLouis.suggestions.find((s: { kind: string }) => s.kind === 'city').formattedAddress).toBe(
      'Springfield, IL',
    );
  });

  it('needs at least 2 characters and a valid point', async () => {
    const short = await call('GET', '/api/places/addresses?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.q).toBeDefined();
    const badPoint = await call('GET', '/api/places/addresses?q=austin&lat=120&lng=0');
    expect(badPoint.statusCode).toBe(400);
    expect(badPoint.json().error.fields.lat).toBeDefined();
  });
});

describe('coordinates', () => {
  it('keep a billionth of a degree, so a subnormal one cannot underflow earthdistance (500 before)', async () => {
    const tiny = await call('GET', '/api/places/addresses?q=austin&lat=7.4e-323&lng=180');
    expect(tiny.statusCode).toBe(200);
    const { cookie } = await signUpUser(t.app);
    const nearby = await call('GET', '/api/events/nearby?lat=5e-324&lng=-5e-324', cookie);
    expect(nearby.statusCode).toBe(200);
    const place = await call('POST', '/api/places', cookie, {
      name: 'Null Island Court',
      address: '0 Equator Rd',
      lat: 1e-320,
      lng: 30.123456789123,
      geohash: geohashOf(0, 30.123456789),
    });
    expect(place.statusCode).toBe(201);
    expect(place.json()).toMatchObject({ lat: 0, lng: 30.123456789 });
  });
});

describe('check-ins', () => {
  it('list who is at the place now and end by themselves', async () => {
    const place = await insertPlace(t.db);
    const player = await signUpUser(t.app, { name: 'Checked In Chris' });
    const viewer = await signUpUser(t.app);
    expect((await call('POST', `/api/places/${place.id}/check-ins`, '', {})).statusCode).toBe(401);
    const checkin = await call('POST', `/api/places/${place.id}/check-ins`, player.cookie, { hours: 2 });
    expect(checkin.statusCode).toBe(201);
    const now = clock.now().getTime();
    expect(checkin.json()).toMatchObject({
      userId: player.user.id,
      displayName: 'Checked In Chris',
      endsAt: new Date(now + 2 * hour).toISOString(),
    });
    const seen = (await call('GET', `/api/places/${place.id}`, viewer.cookie)).json();
    expect(seen.checkins.map((row: { userId: string }) => row.userId)).toEqual([player.user.id]);
    expect(seen.myCheckin).toBeNull();
    expect((await call('GET', `/api/places/${place.id}`, player.cookie)).json().myCheckin.userId).toBe(player.user.id);

    clock.advance(2 * hour + 1000);
    const later = (await call('GET', `/api/places/${place.id}`, player.cookie)).json();
    expect(later.checkins).toEqual([]);
    expect(later.myCheckin).toBeNull();
  });

  it('keep one live check-in per player and end on check-out', async () => {
    const first = await insertPlace(t.db);
    const second = await insertPlace(t.db);
    const player = await signUpUser(t.app);
    await call('POST', `/api/places/${first.id}/check-ins`, player.cookie, {});
    const moved = await call('POST', `/api/places/${second.id}/check-ins`, player.cookie, {});
    expect(moved.statusCode).toBe(201);
    expect(new Date(moved.json().endsAt).getTime() - clock.now().getTime()).toBe(3 * hour);
    expect((await call('GET', `/api/places/${first.id}`)).json().checkins).toEqual([]);
    expect((await call('GET', `/api/places/${second.id}`)).json().checkins).toHaveLength(1);
    expect((await call('DELETE', '/api/me/check-in', player.cookie)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/places/${second.id}`)).json().checkins).toEqual([]);
  });

  it('hide players who hide their online status, and blocked people either way', async () => {
    const place = await insertPlace(t.db);
    const hidden = await signUpUser(t.app);
    const blocker = await signUpUser(t.app);
    const blocked = await signUpUser(t.app);
    const bystander = await signUpUser(t.app);
    expect((await setPrivacy(hidden.cookie, false)).statusCode).toBe(200);
    const block = await call('POST', '/api/me/blocked-users', blocker.cookie, { userId: blocked.user.id });
    expect(block.statusCode).toBe(200);
    for (const person of [hidden, blocker, blocked]) {
      expect((await call('POST', `/api/places/${place.id}/check-ins`, person.cookie, {})).statusCode).toBe(201);
    }
    const listed = async (cookie: string) =>
      (await call('GET', `/api/places/${place.id}`, cookie))
        .json()
        .checkins.map((row: { userId: string }) => row.userId);

    expect(await listed(bystander.cookie)).toEqual([blocker.user.id, blocked.user.id]);
    expect(await listed(blocked.cookie)).toEqual([blocked.user.id]);
    expect(await listed(blocker.cookie)).toEqual([blocker.user.id]);
    const own = (await call('GET', `/api/places/${place.id}`, hidden.cookie)).json();
    expect(own.checkins.map((row: { userId: string }) => row.userId)).not.toContain(hidden.user.id);
    expect(own.myCheckin.userId).toBe(hidden.user.id);
  });

  it('refuse more hours than allowed and unknown places', async () => {
    const place = await insertPlace(t.db);
    const player = await signUpUser(t.app);
    const tooLong = await call('POST', `/api/places/${place.id}/check-ins`, player.cookie, { hours: 9 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.hours).toBeDefined();
    const unknown = await call('POST', '/api/places/00000000-0000-4000-8000-000000000000/check-ins', player.cookie, {});
    expect(unknown.statusCode).toBe(404);
  });
});
