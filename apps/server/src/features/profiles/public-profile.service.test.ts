import { localToInstant } from '@huddle/shared/event-occurrences';
import { defaultPrivacySettings } from '@huddle/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { createTeamAs, insertEvent, insertParty, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { teamMembers } from '../teams/teams.schema.ts';

// Issue 11, item 8: upcoming games (when allowed), teams the viewer may see, games played (decision 019).
const clock = createManualClock(new Date('2030-06-10T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUpUser>>;
const zone = 'America/Chicago';
const at = (local: string) => localToInstant(local, zone);

async function profileAs(userId: string, viewer: Person | null) {
  const response = await t.app.inject({
    url: `/api/users/${userId}/profile`,
    headers: viewer ? { cookie: viewer.cookie } : {},
  });
  if (response.statusCode !== 200) throw new Error(`profile: ${response.statusCode} ${response.body}`);
  return response;
}

const setUpcomingPublic = (person: Person, publicUpcomingGames: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/privacy',
    headers: { cookie: person.cookie },
    payload: { privacy: { ...defaultPrivacySettings, publicUpcomingGames } },
  });

describe('a public profile: upcoming games, teams and games played', () => {
  let player: Person;
  let teammate: Person;
  let outsider: Person;
  let organizer: Person;
  let publicTeam: { id: string; name: string };
  let privateTeam: { id: string; name: string };
  const titles = {
    future: 'Friday Futsal',
    teamOnly: 'Members Scrimmage',
    futureCancelled: 'Rained Out Run',
    waitlisted: 'Full Saturday Game',
  };

  beforeAll(async () => {
    [player, teammate, outsider, organizer] = await Promise.all([
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app),
    ]);
    publicTeam = await createTeamAs(t.app, player.cookie, { name: 'East Austin Hoopers' });
    privateTeam = await createTeamAs(t.app, player.cookie, { name: 'Secret Squad', visibility: 'private' });
    await t.db.insert(teamMembers).values({ teamId: privateTeam.id, userId: teammate.user.id, role: 'player' });

    const place = await insertPlace(t.db, { name: 'Zilker Park Field 3' });
    const event = async (overrides: Parameters<typeof insertEvent>[1] extends infer E ? Partial<E> : never) =>
      insertEvent(t.db, { creatorId: organizer.user.id, placeId: place.id, timeZone: zone, ...overrides });
    const join = async (
      eventId: string,
      startLocal: string,
      status: 'joined' | 'waitlisted' = 'joined',
      userId = player.user.id,
    ) => insertParty(t.db, { eventId, userId, occurrenceStartsAt: at(startLocal), status });

    // Played: two past games joined.
    const past1 = await event({ startLocal: '2030-06-01T18:00', endLocal: '2030-06-01T20:00' });
    await join(past1.id, '2030-06-01T18:00');
    // A weekly series: two of its dates are over, the third is to come.
    const weekly = await event({
      title: titles.future,
      startLocal: '2030-05-31T18:00',
      endLocal: '2030-05-31T19:30',
      repeat: { weekdays: [5], until: '2030-06-30', count: null },
    });
    await join(weekly.id, '2030-06-07T18:00');
    await join(weekly.id, '2030-06-14T18:00');
    // Not played: a cancelled game, and one the player only waited for.
    const cancelledPast = await event({
      startLocal: '2030-06-02T18:00',
      endLocal: '2030-06-02T20:00',
      cancelledAt: new Date('2030-06-01T00:00:00Z'),
    });
    await join(cancelledPast.id, '2030-06-02T18:00');
    const waitedPast = await event({ startLocal: '2030-06-03T18:00', endLocal: '2030-06-03T20:00' });
    await join(waitedPast.id, '2030-06-03T18:00', 'waitlisted');

    // Upcoming: a team-only game of the private team, a cancelled one, one waited for.
    const teamOnly = await event({
      title: titles.teamOnly,
      teamId: privateTeam.id,
      visibility: 'team',
      startLocal: '2030-06-12T18:00',
      endLocal: '2030-06-12T20:00',
    });
    await join(teamOnly.id, '2030-06-12T18:00');
    const futureCancelled = await event({
      title: titles.futureCancelled,
      startLocal: '2030-06-13T18:00',
      endLocal: '2030-06-13T20:00',
      cancelledAt: new Date('2030-06-09T00:00:00Z'),
    });
    await join(futureCancelled.id, '2030-06-13T18:00');
    const waitedFuture = await event({
      title: titles.waitlisted,
      startLocal: '2030-06-15T10:00',
      endLocal: '2030-06-15T12:00',
    });
    await join(waitedFuture.id, '2030-06-15T10:00', 'waitlisted');
    // Someone else's game says nothing about the player.
    await join(past1.id, '2030-06-01T18:00', 'joined', outsider.user.id);
  });

  it('counts games played: past, joined, not cancelled, each date of a series once', async () => {
    const profile = (await profileAs(player.user.id, outsider)).json();
    expect(profile.gamesPlayed).toBe(2);
    expect((await profileAs(outsider.user.id, player)).json().gamesPlayed).toBe(1);
    expect((await profileAs(organizer.user.id, null)).json().gamesPlayed).toBe(0);
  });

  it('lists upcoming games the viewer may open, soonest first, when the player allows it', async () => {
    const byOutsider = (await profileAs(player.user.id, outsider)).json();
    expect(byOutsider.upcomingGames).toEqual([
      {
        eventId: expect.any(String),
        title: titles.future,
        gameType: 'Soccer',
        startsAt: at('2030-06-14T18:00').toISOString(),
        timeZone: zone,
        placeName: 'Zilker Park Field 3',
      },
    ]);
    const byTeammate = (await profileAs(player.user.id, teammate)).json();
    expect(byTeammate.upcomingGames.map((game: { title: string }) => game.title)).toEqual([
      titles.teamOnly,
      titles.future,
    ]);
    const signedOut = (await profileAs(player.user.id, null)).json();
    expect(signedOut.upcomingGames.map((game: { title: string }) => game.title)).toEqual([titles.future]);
  });

  it('hides upcoming games from everyone else when the player turns the switch off, not from the player', async () => {
    expect((await setUpcomingPublic(player, false)).statusCode).toBe(200);
    try {
      expect((await profileAs(player.user.id, outsider)).json().upcomingGames).toBeNull();
      expect((await profileAs(player.user.id, teammate)).json().upcomingGames).toBeNull();
      expect((await profileAs(player.user.id, null)).json().upcomingGames).toBeNull();
      const own = (await profileAs(player.user.id, player)).json();
      expect(own.upcomingGames.map((game: { title: string }) => game.title)).toEqual([titles.teamOnly, titles.future]);
      // The count stays: it names no game, place or time.
      expect((await profileAs(player.user.id, outsider)).json().gamesPlayed).toBe(2);
    } finally {
      await setUpcomingPublic(player, true);
    }
  });

  it('shows public teams to anyone, a private team only to its members', async () => {
    const names = async (viewer: Person | null) =>
      (await profileAs(player.user.id, viewer)).json().teams.map((team: { name: string }) => team.name);
    expect(await names(outsider)).toEqual([publicTeam.name]);
    expect(await names(null)).toEqual([publicTeam.name]);
    expect(await names(teammate)).toEqual([publicTeam.name, privateTeam.name]);
    expect(await names(player)).toEqual([publicTeam.name, privateTeam.name]);
    const [team] = (await profileAs(player.user.id, outsider)).json().teams;
    expect(team).toEqual({
      id: publicTeam.id,
      name: publicTeam.name,
      kind: 'team',
      gameType: 'Soccer',
      photoURL: null,
    });
  });

  it('gives a viewer the player blocked none of it', async () => {
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/me/blocked-users',
      headers: { cookie: player.cookie },
      payload: { userId: outsider.user.id },
    });
    expect(blocked.statusCode).toBe(200);
    const profile = (await profileAs(player.user.id, outsider)).json();
    expect(profile).toMatchObject({ upcomingGames: null, teams: [], gamesPlayed: null });
    // Blocking one viewer changes nothing for the others.
    expect((await profileAs(player.user.id, teammate)).json().teams).toHaveLength(2);
  });
});
