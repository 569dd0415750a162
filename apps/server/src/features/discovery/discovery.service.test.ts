import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../events/events.schema.ts';
import { austinCity, createTeamAs, insertEvent, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const cities = {
  austin: austinCity,
  roundRock: { name: 'Round Rock, TX', lat: 30.50826, lng: -97.6789 },
  sanAntonio: { name: 'San Antonio, TX', lat: 29.42412, lng: -98.49363 },
  dallas: { name: 'Dallas, TX', lat: 32.78306, lng: -96.80667 },
};

async function playerIn(city: { name: string; lat: number; lng: number }, displayName: string) {
  const player = await signUpUser(t.app);
  const saved = await call('PUT', '/api/me/profile', player.cookie, {
    displayName,
    fullName: `${displayName} Private-Surname`,
    defaultCity: city,
    games: ['Soccer'],
    pronouns: null,
    bio: null,
    joinReason: null,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return player;
}

const search = async (q: string, cookie = '', limit?: number) => {
  const response = await call('GET', `/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    events: { id: string; title: string; cancelled: boolean; next: unknown; place: { id: string }; team: unknown }[];
    teams: { id: string; name: string }[];
    places: { id: string; name: string }[];
    players: Record<string, unknown>[];
  };
};

describe('full-search', () => {
  it('ranks an exact name above a partial one, in every group', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db, { name: 'Kickabout Court', createdBy: owner.user.id });
    await insertPlace(t.db, { name: 'Kickabout Court Annex North' });
    await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title: 'Kickabout Weekly League' });
    const exact = await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title: 'Kickabout' });
    await createTeamAs(t.app, owner.cookie, { name: 'Kickabout Rovers United' });
    const exactTeam = await createTeamAs(t.app, owner.cookie, { name: 'Kickabout' });

    const found = await search('kickabout', owner.cookie);
    expect(found.events.map((event) => event.title)).toEqual(['Kickabout', 'Kickabout Weekly League']);
    expect(found.events[0]).toMatchObject({
      id: exact.id,
      cancelled: false,
      place: { id: place.id, name: 'Kickabout Court' },
      team: null,
      joinedCount: 0,
      next: { startsAt: '2030-06-04T23:00:00.000Z', endsAt: '2030-06-05T01:00:00.000Z' },
      startLocal: '2030-06-04T18:00',
      timeZone: 'America/Chicago',
    });
    expect(found.teams.map((team) => team.id)[0]).toBe(exactTeam.id);
    expect(found.teams).toHaveLength(2);
    expect(found.places.map((item) => item.name)).toEqual(['Kickabout Court', 'Kickabout Court Annex North']);
    expect(found.places[0]).toMatchObject({ canEdit: true });
    // A typo still finds it, by trigram similarity.
    expect((await search('kickabuot')).events.map((event) => event.id)).toContain(exact.id);
  });

  it('ranks the one title asked for first when nearly every title is alike', async () => {
    // The title search ranks a bounded pool of the titles with every word (decision 071), so the
    // best match must come first among many near-identical titles, and the filters still apply.
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    for (let number = 1; number <= 60; number += 1) {
      if (number === 42) continue;
      await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title: `Alike game ${number}` });
    }
    const cancelled = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Alike game 42',
      cancelledAt: new Date(),
    });
    const wanted = await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title: 'Alike game 42' });

    const found = await search('alike game 42');
    expect(found.events.map((event) => event.id)).toEqual([wanted.id]);
    // Every title has the words "alike game": a full page of them, none cancelled.
    const alike = await search('alike game', '', 20);
    expect(alike.events).toHaveLength(20);
    expect(alike.events.map((event) => event.id)).not.toContain(cancelled.id);
    expect(alike.events.every((event) => event.title.startsWith('Alike game'))).toBe(true);
  });

  it('never returns a private team, a cancelled, past or team-only event', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    const privateTeam = await createTeamAs(t.app, owner.cookie, {
      name: 'Moonlight Secret Club',
      visibility: 'private',
    });
    const publicTeam = await createTeamAs(t.app, owner.cookie, { name: 'Moonlight Public Club' });
    const visible = await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title: 'Moonlight Run' });
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Moonlight Cancelled',
      cancelledAt: new Date(),
    });
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Moonlight Long Ago',
      startLocal: '2020-01-07T18:00',
      endLocal: '2020-01-07T20:00',
    });
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Moonlight Members',
      teamId: privateTeam.id,
      visibility: 'team',
    });

    // Even the owner of the private team gets only what anyone may see.
    const found = await search('moonlight', owner.cookie);
    expect(found.events.map((event) => event.id)).toEqual([visible.id]);
    expect(found.teams.map((team) => team.id)).toEqual([publicTeam.id]);
  });

  it('shows only public profile fields of players and leaves out the viewer and blocked people', async () => {
    const viewer = await playerIn(cities.austin, 'Zanzibar Viewer');
    const visible = await playerIn(cities.dallas, 'Zanzibar Striker');
    const blocker = await playerIn(cities.dallas, 'Zanzibar Blocker');
    const blocked = await playerIn(cities.dallas, 'Zanzibar Blocked');
    await call('POST', '/api/me/blocked-users', blocker.cookie, { userId: viewer.user.id });
    await call('POST', '/api/me/blocked-users', viewer.cookie, { userId: blocked.user.id });

    const found = await search('zanzibar', viewer.cookie);
    expect(found.players).toEqual([
      {
        id: visible.user.id,
        displayName: 'Zanzibar Striker',
        photoURL: expect.any(String),
        city: 'Dallas, TX',
        distanceKm: null,
      },
    ]);
    // The full name is private: searching for it finds nobody.
    expect((await search('Private-Surname', viewer.cookie)).players).toEqual([]);
    // Without a session there is nobody to hide from.
    expect((await search('zanzibar')).players).toHaveLength(4);
  });

  it('caps each group at the limit', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db);
    for (const title of ['Quokka Cup', 'Quokka Cup Two', 'Quokka Cup Three']) {
      await insertEvent(t.db, { creatorId: owner.user.id, placeId: place.id, title });
    }
    expect((await search('quokka', '', 2)).events).toHaveLength(2);
    expect((await search('quokka')).events).toHaveLength(3);
  });

  it('finds games by game type, place name and team name, title matches first, then soonest', async () => {
    const owner = await signUpUser(t.app);
    const zilker = await insertPlace(t.db, { name: 'Zilker Park Field 3' });
    const elsewhere = await insertPlace(t.db, { name: 'Pease Park' });
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Barton Springs Strikers' });
    const at = (day: string) => ({ startLocal: `2030-07-${day}T18:00`, endLocal: `2030-07-${day}T20:00` });
    const laterAtZilker = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: zilker.id,
      title: 'Sunday kickabout',
      ...at('20'),
    });
    const soonerAtZilker = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: zilker.id,
      title: 'Tuesday pickup',
      ...at('02'),
    });
    const namedZilker = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: elsewhere.id,
      title: 'Zilker Cup',
      ...at('25'),
    });
    const teamGame = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: elsewhere.id,
      title: 'Friday scrimmage',
      teamId: team.id,
      ...at('10'),
    });
    const lacrosse = await Promise.all(
      ['15', '05'].map((day) =>
        insertEvent(t.db, { creatorId: owner.user.id, placeId: elsewhere.id, gameType: 'Lacrosse', ...at(day) }),
      ),
    );
    await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: zilker.id,
      gameType: 'Lacrosse',
      title: 'Called off',
      cancelledAt: new Date(),
    });

    // The title match ranks first even though it is the latest; the place's games follow soonest first.
    expect((await search('zilker', '', 10)).events.map((event) => event.id)).toEqual([
      namedZilker.id,
      soonerAtZilker.id,
      laterAtZilker.id,
    ]);
    // The game type, in any case, soonest first; never the cancelled one.
    expect((await search('LACROSSE', '', 10)).events.map((event) => event.id)).toEqual([
      lacrosse[1]!.id,
      lacrosse[0]!.id,
    ]);
    // The team's name finds its games, which carry the team.
    const byTeam = await search('barton springs', '', 10);
    expect(byTeam.events.map((event) => event.id)).toEqual([teamGame.id]);
    expect(byTeam.events[0]?.team).toMatchObject({ id: team.id, name: 'Barton Springs Strikers' });
    // A piece of a word is not a game type: "ball" does not list every Basketball or Football game.
    const basketball = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: elsewhere.id,
      gameType: 'Basketball',
      title: 'Hoops night',
    });
    expect((await search('ball', '', 10)).events.map((event) => event.id)).not.toContain(basketball.id);
    expect((await search('basketball', '', 10)).events.map((event) => event.id)).toContain(basketball.id);
  });

  it('finds words by their beginning, with a typo, in any case and without accents, also after a rename', async () => {
    const owner = await signUpUser(t.app);
    const place = await insertPlace(t.db, { name: 'Plaza Mayor Court' });
    const social = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Crème Brûlée Social',
    });
    const hoops = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: place.id,
      title: 'Evening run',
      gameType: 'Basketball',
    });
    const ids = async (text: string) => (await search(text, '', 10)).events.map((event) => event.id);

    expect(await ids('creme brulee')).toEqual([social.id]);
    expect(await ids('CRÈME')).toEqual([social.id]);
    // A word being typed: the known words it begins.
    expect(await ids('brul')).toEqual([social.id]);
    // A typo: the known words like it.
    expect(await ids('brulle social')).toEqual([social.id]);
    expect(await ids('basketbal')).toContain(hoops.id);
    // A title changed later is found by its new words (the word list follows the write).
    await t.db.update(events).set({ title: 'Xylophone Jam' }).where(eq(events.id, social.id));
    expect(await ids('xyloph')).toEqual([social.id]);
    expect(await ids('xylophne jam')).toEqual([social.id]);
    expect(await ids('creme brulee')).toEqual([]);
    // The place's name finds it too, in any accent, and a text with no word finds nothing.
    expect((await search('plaza mayór', '', 10)).places.map((item) => item.id)).toEqual([place.id]);
    expect(await search('--')).toEqual({ events: [], teams: [], places: [], players: [] });
  });

  it.each([
    ['a 1-character search', 'q=a', 'q'],
    ['no search', '', 'q'],
    ['a limit over 20', 'q=soccer&limit=21', 'limit'],
  ])('refuses %s', async (_label, query, field) => {
    const response = await call('GET', `/api/search?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });
});

describe('nearby players', () => {
  it('are nearest first with the distance, without the viewer or blocked people', async () => {
    const viewer = await playerIn(cities.austin, 'Near Viewer');
    const dallas = await playerIn(cities.dallas, 'Near Dallas');
    const sanAntonio = await playerIn(cities.sanAntonio, 'Near San Antonio');
    const roundRock = await playerIn(cities.roundRock, 'Near Round Rock');
    const austin = await playerIn(cities.austin, 'Near Austin');
    const blocked = await playerIn(cities.austin, 'Near Blocked');
    await call('POST', '/api/me/blocked-users', viewer.cookie, { userId: blocked.user.id });
    await signUpUser(t.app); // no city: never listed

    const response = await call(
      'GET',
      `/api/users/nearby?lat=${cities.austin.lat}&lng=${cities.austin.lng}&limit=50`,
      viewer.cookie,
    );
    expect(response.statusCode).toBe(200);
    const players = response.json().players as { id: string; distanceKm: number; city: string }[];
    const ids = players.map((player) => player.id);
    expect(ids).not.toContain(viewer.user.id);
    expect(ids).not.toContain(blocked.user.id);
    const mine = [austin, roundRock, sanAntonio, dallas].map((player) => player.user.id);
    expect(ids.filter((id) => mine.includes(id))).toEqual(mine);
    const distances = players.map((player) => player.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const byId = new Map(players.map((player) => [player.id, player]));
    expect(byId.get(austin.user.id)).toMatchObject({ distanceKm: 0, city: 'Austin, TX' });
    expect(byId.get(roundRock.user.id)?.distanceKm).toBeGreaterThan(20);
    expect(byId.get(roundRock.user.id)?.distanceKm).toBeLessThan(35);
    expect(byId.get(dallas.user.id)?.distanceKm).toBeGreaterThan(280);

    const firstTwo = await call(
      'GET',
      `/api/users/nearby?lat=${cities.austin.lat}&lng=${cities.austin.lng}&limit=2`,
      viewer.cookie,
    );
    expect(firstTwo.json().players).toHaveLength(2);
  });

  it('need a session and a valid point', async () => {
    expect((await call('GET', '/api/users/nearby?lat=30&lng=-97')).statusCode).toBe(401);
    const viewer = await signUpUser(t.app);
    const response = await call('GET', '/api/users/nearby?lat=95&lng=-97', viewer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.lat).toBeDefined();
  });
});

describe('distance units', () => {
  const me = async (cookie: string) => (await call('GET', '/api/me', cookie)).json() as { distanceUnit: unknown };

  it('follow the city’s country until the person chooses, and the choice sticks', async () => {
    const newcomer = await signUpUser(t.app);
    // No city, no choice: the browser's locale decides.
    expect((await me(newcomer.cookie)).distanceUnit).toBeNull();

    // Every city on Huddle is a US city: miles.
    const player = await playerIn(cities.austin, 'Units Player');
    expect((await me(player.cookie)).distanceUnit).toBe('mi');

    const saved = await call('PUT', '/api/me/distance-unit', player.cookie, { distanceUnit: 'km' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().distanceUnit).toBe('km');
    expect((await me(player.cookie)).distanceUnit).toBe('km');
    // Saving the profile again (with its US city) does not undo the choice.
    await call('PUT', '/api/me/profile', player.cookie, {
      displayName: 'Units Player',
      fullName: null,
      defaultCity: cities.dallas,
      games: ['Soccer'],
      pronouns: null,
      bio: null,
      joinReason: null,
    });
    expect((await me(player.cookie)).distanceUnit).toBe('km');
    // Another person's setting is untouched.
    expect((await me(newcomer.cookie)).distanceUnit).toBeNull();
  });

  it('refuse anything but miles or kilometres, and need a session', async () => {
    const player = await signUpUser(t.app);
    const wrong = await call('PUT', '/api/me/distance-unit', player.cookie, { distanceUnit: 'furlongs' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.distanceUnit).toBeDefined();
    expect((await call('PUT', '/api/me/distance-unit', '', { distanceUnit: 'km' })).statusCode).toBe(401);
  });
});

describe('discover order', () => {
  it('is soonest first or nearest first, as asked, with the distance either way', async () => {
    const owner = await signUpUser(t.app);
    const here = { lat: 44.0, lng: -110.0 };
    const near = await insertPlace(t.db, { lat: here.lat + 0.01, lng: here.lng });
    const far = await insertPlace(t.db, { lat: here.lat + 0.2, lng: here.lng });
    const nearLater = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: near.id,
      startLocal: '2030-08-20T18:00',
      endLocal: '2030-08-20T20:00',
    });
    const farSooner = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId: far.id,
      startLocal: '2030-08-02T18:00',
      endLocal: '2030-08-02T20:00',
    });
    const list = async (sort: string) => {
      const response = await call(
        'GET',
        `/api/events?lat=${here.lat}&lng=${here.lng}&maxDistanceKm=50&sort=${sort}&limit=1`,
      );
      expect(response.statusCode).toBe(200);
      return response.json() as { events: { id: string; distanceKm: number }[]; nextStartId: string | null };
    };
    const soonest = await list('soonest');
    expect(soonest.events.map((event) => event.id)).toEqual([farSooner.id]);
    expect(soonest.events[0]?.distanceKm).toBeGreaterThan(20);
    expect(soonest.events[0]?.distanceKm).toBeLessThan(25);
    const second = await call(
      'GET',
      `/api/events?lat=${here.lat}&lng=${here.lng}&maxDistanceKm=50&sort=soonest&limit=1&startId=${soonest.nextStartId}`,
    );
    expect(second.json().events.map((event: { id: string }) => event.id)).toEqual([nearLater.id]);

    const nearest = await list('nearest');
    expect(nearest.events.map((event) => event.id)).toEqual([nearLater.id]);
    expect(nearest.events[0]?.distanceKm).toBeLessThan(2);

    const noPoint = await call('GET', '/api/events?sort=nearest');
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().error.fields.sort).toBeDefined();
  });
});
