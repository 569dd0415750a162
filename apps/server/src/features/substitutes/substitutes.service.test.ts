import { weekDays, type AvailabilityBody, type TimeRange, type WeekDay } from '@huddle/shared/availability';
import { invitationAnswerWindowMinutes, noInvitationMessage } from '@huddle/shared/substitutes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  collectMails,
  createEventAs,
  createTeamAs,
  insertParty,
  insertPlace,
  signUpUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { availabilities } from '../availability/availability.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { userBlocks } from '../profiles/profiles.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';
import { substituteInvitations } from './substitutes.schema.ts';
import { substituteScanCron, substituteScanJob } from './substitutes.service.ts';

/**
 * Issue 12, substitutes on demand. The games are on Tuesday 2030-06-04 at 18:00 in Chicago
 * (23:00 UTC), at a court in Austin; the clock starts the day before, outside every window.
 */
const dayBefore = new Date('2030-06-03T12:00:00Z');
const gameStart = '2030-06-04T23:00:00.000Z';
const clock = createManualClock(dayBefore);
const { mails, mailer } = collectMails();
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let placeId: string;
let organizer: User;
const court = { lat: 30.2669, lng: -97.7729 };

beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  placeId = (await insertPlace(t.db, court)).id;
  organizer = await signUpUser(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(dayBefore);
  mails.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who?: User, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
const scan = () => t.jobs.runScheduled(substituteScanJob);
const hours = (n: number) => n * 60 * 60 * 1000;
/** The clock this many hours before the game starts. */
const hoursBeforeGame = (n: number) => clock.set(new Date(Date.parse(gameStart) - hours(n)));

function week(days: Partial<Record<WeekDay, TimeRange[]>>): AvailabilityBody {
  return {
    weekly: Object.fromEntries(
      weekDays.map((day) => [day, { isAvailable: Boolean(days[day]), ranges: days[day] ?? [] }]),
    ) as AvailabilityBody['weekly'],
    dates: [],
  };
}
const tuesdayEvenings = week({ tuesday: [{ start: '17:00', end: '21:00' }] });

/** A player with a profile as the setup screen saves it: a join reason, games, a city, availability. */
async function player({
  joinReason = 'Substitute',
  games = ['Soccer'],
  city = { lat: 30.27, lng: -97.75 },
  availability = tuesdayEvenings as AvailabilityBody | null,
}: {
  joinReason?: string;
  games?: string[];
  city?: { lat: number; lng: number };
  availability?: AvailabilityBody | null;
} = {}) {
  const person = await signUpUser(t.app);
  await t.db
    .update(users)
    .set({
      joinReason,
      games,
      defaultCityName: 'Austin, TX',
      defaultCityLat: city.lat,
      defaultCityLng: city.lng,
      hasAdditionalInfo: true,
    })
    .where(eq(users.id, person.user.id));
  if (availability) await t.db.insert(availabilities).values({ userId: person.user.id, ...availability });
  return person;
}

/** Moves a person this many km north of the court (a degree of latitude is about 111 km). */
const kmNorth = (km: number) => ({ lat: court.lat + km / 111.2, lng: court.lng });

async function gameWithSubstitutes({
  slots = 10,
  settings = { enabled: true, hoursBefore: 24, radius: 40, radiusUnit: 'km' },
  overrides = {},
}: { slots?: number; settings?: object; overrides?: Record<string, unknown> } = {}) {
  const event = await createEventAs(t.app, organizer.cookie, placeId, { slots, ...overrides });
  const saved = await call('PUT', `/api/events/${event.id}/substitutes/settings`, organizer, settings);
  expect(saved.statusCode).toBe(200);
  return event.id;
}

async function invitedTo(eventId: string): Promise<string[]> {
  const response = await call(
    'GET',
    `/api/events/${eventId}/substitutes?occurrence=${encodeURIComponent(gameStart)}`,
    organizer,
  );
  expect(response.statusCode).toBe(200);
  return response.json().invitations.map((invitation: { person: { id: string } }) => invitation.person.id);
}

const accept = (eventId: string, who: User) =>
  call('POST', `/api/events/${eventId}/substitute-invitation/accept`, who, { occurrenceStartsAt: gameStart });

describe('the substitute scan', () => {
  it('is a job of the queue, scheduled every few minutes', () => {
    expect(t.jobs.schedules.get(substituteScanJob)).toBe(substituteScanCron);
  });

  it('invites only substitutes of the game type, in the radius, free then, not blocked and not on the game, nearest first', async () => {
    const near = await player({ city: kmNorth(2) });
    const farther = await player({ city: kmNorth(25) });
    const wrongType = await player({ games: ['Basketball'] });
    const outOfRadius = await player({ city: kmNorth(60) });
    const unavailable = await player({ availability: week({ tuesday: [{ start: '09:00', end: '11:00' }] }) });
    const noAvailability = await player({ availability: null });
    const notSubstitute = await player({ joinReason: 'Find-people' });
    const blockedByOrganizer = await player();
    const blocksOrganizer = await player();
    const alreadyJoined = await player();
    const waiting = await player();
    await t.db.insert(userBlocks).values([
      { blockerId: organizer.user.id, blockedId: blockedByOrganizer.user.id },
      { blockerId: blocksOrganizer.user.id, blockedId: organizer.user.id },
    ]);
    const eventId = await gameWithSubstitutes();
    await insertParty(t.db, { eventId, userId: alreadyJoined.user.id, occurrenceStartsAt: new Date(gameStart) });
    await insertParty(t.db, {
      eventId,
      userId: waiting.user.id,
      occurrenceStartsAt: new Date(gameStart),
      status: 'waitlisted',
    });

    // 35 hours before: outside the 24-hour window.
    hoursBeforeGame(35);
    await scan();
    expect(await invitedTo(eventId)).toEqual([]);

    hoursBeforeGame(20);
    await scan();
    expect(await invitedTo(eventId)).toEqual([near.user.id, farther.user.id]);
    const others = [wrongType, outOfRadius, unavailable, noAvailability, notSubstitute];
    const skipped = [...others, blockedByOrganizer, blocksOrganizer, alreadyJoined, waiting];
    for (const person of skipped) {
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, person.user.id))).toEqual([]);
    }

    // One notification each, linking to the date, and a mail with the same link.
    const [notification] = await t.db.select().from(notifications).where(eq(notifications.userId, near.user.id));
    expect(notification).toMatchObject({
      category: 'eventCreatedJoin',
      kind: 'substituteInvited',
      link: `/discover/events/${eventId}?occurrence=${encodeURIComponent(gameStart)}`,
    });
    expect(notification?.body).toContain('Tuesday, June 4 at 6:00 PM');
    const mail = mails.find((sent) => sent.to === near.body.email);
    expect(mail?.text).toContain(`http://localhost:3000/discover/events/${eventId}?occurrence=`);

    // Scanning again asks nobody twice.
    await scan();
    expect(await invitedTo(eventId)).toHaveLength(2);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, near.user.id))).toHaveLength(1);
  });

  it('does nothing for a game that did not turn it on, or once the game has started', async () => {
    await player({ city: kmNorth(1) });
    const off = await gameWithSubstitutes({
      settings: { enabled: false, hoursBefore: 24, radius: 40, radiusUnit: 'km' },
    });
    const on = await gameWithSubstitutes();
    clock.set(new Date(Date.parse(gameStart) + 60_000));
    await scan();
    expect(await invitedTo(off)).toEqual([]);
    expect(await invitedTo(on)).toEqual([]);
    hoursBeforeGame(3);
    await scan();
    expect(await invitedTo(off)).toEqual([]);
    expect((await invitedTo(on)).length).toBeGreaterThan(0);
  });

  it('reads the radius in miles when the organizer chose miles', async () => {
    const at20km = await player({ city: kmNorth(20) });
    // 10 miles is 16 km: too far. 15 miles is 24 km: near enough.
    const tenMiles = await gameWithSubstitutes({
      settings: { enabled: true, hoursBefore: 24, radius: 10, radiusUnit: 'mi' },
    });
    const fifteenMiles = await gameWithSubstitutes({
      settings: { enabled: true, hoursBefore: 24, radius: 15, radiusUnit: 'mi' },
    });
    hoursBeforeGame(5);
    await scan();
    expect(await invitedTo(tenMiles)).not.toContain(at20km.user.id);
    expect(await invitedTo(fifteenMiles)).toContain(at20km.user.id);
  });

  it('invites two per open spot, the next nearest once an invitation goes unanswered, and nobody once the game is full', async () => {
    const radius = { enabled: true, hoursBefore: 24, radius: 40, radiusUnit: 'km' };
    // A game type only this test's people play, so other tests' players stay out.
    await t.db.execute(`insert into game_types (label) values ('Futsal') on conflict do nothing`);
    const people = [];
    for (const km of [1, 2, 3, 4, 5]) people.push(await player({ games: ['Futsal'], city: kmNorth(km) }));
    const eventId = await gameWithSubstitutes({ slots: 1, settings: radius, overrides: { gameType: 'Futsal' } });
    const ids = people.map((person) => person.user.id);

    hoursBeforeGame(10);
    await scan();
    expect(await invitedTo(eventId)).toEqual(ids.slice(0, 2));
    clock.advance(10 * 60_000);
    await scan();
    expect(await invitedTo(eventId)).toEqual(ids.slice(0, 2));

    // Unanswered for the answer window: the next two nearest are asked.
    clock.advance(invitationAnswerWindowMinutes * 60_000);
    await scan();
    expect(await invitedTo(eventId)).toEqual(ids.slice(0, 4));

    // The second nearest takes the spot with one tap; the game is full.
    const joinedAt = clock.now().toISOString();
    const joined = await accept(eventId, people[1]!);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().party.status).toBe('joined');
    clock.advance((invitationAnswerWindowMinutes + 1) * 60_000);
    await scan();
    expect(await invitedTo(eventId)).toEqual(ids.slice(0, 4));

    // Another invited person taps too late: the join rules put them on the waitlist.
    const late = await accept(eventId, people[0]!);
    expect(late.json().party.status).toBe('waitlisted');
    const list = (
      await call('GET', `/api/events/${eventId}/substitutes?occurrence=${encodeURIComponent(gameStart)}`, organizer)
    ).json();
    expect(list.invitations.map((invitation: { answer: string | null }) => invitation.answer)).toEqual([
      'waitlisted',
      'joined',
      null,
      null,
    ]);
    expect(list.invitations[1].answeredAt).toBe(joinedAt);
  });

  it('invites each person once when two scans run at the same time', async () => {
    await t.db.execute(`insert into game_types (label) values ('Handball') on conflict do nothing`);
    const people = [];
    for (const km of [1, 2, 3, 4, 5, 6, 7]) people.push(await player({ games: ['Handball'], city: kmNorth(km) }));
    const eventId = await gameWithSubstitutes({ slots: 2, overrides: { gameType: 'Handball' } });
    hoursBeforeGame(6);
    await Promise.all([scan(), scan(), scan()]);
    const rows = await t.db.select().from(substituteInvitations).where(eq(substituteInvitations.eventId, eventId));
    // Two open spots, two invitations each: four people, each once.
    expect(rows.map((row) => row.userId).sort()).toEqual(
      people
        .slice(0, 4)
        .map((person) => person.user.id)
        .sort(),
    );
    for (const person of people.slice(0, 4)) {
      const sent = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, person.user.id), eq(notifications.kind, 'substituteInvited')));
      expect(sent).toHaveLength(1);
    }
  });

  it("matches availability on the game's own clock: a Tuesday 18:00 game in Los Angeles is 01:00 Wednesday in UTC", async () => {
    await t.db.execute(`insert into game_types (label) values ('Padel') on conflict do nothing`);
    const tuesdayEvening = await player({ games: ['Padel'], city: kmNorth(1) });
    const wednesdayNight = await player({
      games: ['Padel'],
      city: kmNorth(2),
      availability: week({ wednesday: [{ start: '00:00', end: '03:00' }] }),
    });
    const event = await createEventAs(t.app, organizer.cookie, placeId, {
      gameType: 'Padel',
      timeZone: 'America/Los_Angeles',
      startLocal: '2030-06-04T18:00',
      endLocal: '2030-06-04T20:00',
    });
    const startsAt = '2030-06-05T01:00:00.000Z';
    expect(event.next?.startsAt).toBe(startsAt);
    clock.set(new Date(Date.parse(startsAt) - hours(5)));
    await call('PUT', `/api/events/${event.id}/substitutes/settings`, organizer, {
      enabled: true,
      hoursBefore: 12,
      radius: 20,
      radiusUnit: 'km',
    });
    const list = await call(
      'GET',
      `/api/events/${event.id}/substitutes?occurrence=${encodeURIComponent(startsAt)}`,
      organizer,
    );
    const invited = list.json().invitations.map((invitation: { person: { id: string } }) => invitation.person.id);
    expect(invited).toEqual([tuesdayEvening.user.id]);
    expect(invited).not.toContain(wednesdayNight.user.id);
  });

  it('asks only team members to a team-only game', async () => {
    await t.db.execute(`insert into game_types (label) values ('Rugby') on conflict do nothing`);
    const member = await player({ games: ['Rugby'], city: kmNorth(3) });
    const outsider = await player({ games: ['Rugby'], city: kmNorth(1) });
    const team = await createTeamAs(t.app, organizer.cookie, { visibility: 'private' });
    // Joining a private team takes an invitation and an answer; a row keeps this test about substitutes.
    await t.db.insert(teamMembers).values({ teamId: team.id, userId: member.user.id, role: 'player' });
    const eventId = await gameWithSubstitutes({
      overrides: { gameType: 'Rugby', teamId: team.id, visibility: 'team' },
    });
    hoursBeforeGame(4);
    await scan();
    const invited = await invitedTo(eventId);
    expect(invited).toContain(member.user.id);
    expect(invited).not.toContain(outsider.user.id);
  });
});

describe('the invitation and its answers', () => {
  it('shows the invited person their invitation, and records a decline the organizer sees', async () => {
    await t.db.execute(`insert into game_types (label) values ('Lacrosse') on conflict do nothing`);
    const sub = await player({ games: ['Lacrosse'], city: kmNorth(2) });
    const stranger = await signUpUser(t.app);
    const eventId = await gameWithSubstitutes({ overrides: { gameType: 'Lacrosse' } });
    hoursBeforeGame(8);
    await scan();

    const query = `?occurrence=${encodeURIComponent(gameStart)}`;
    const mine = await call('GET', `/api/events/${eventId}/substitute-invitation${query}`, sub);
    expect(mine.json().invitation).toMatchObject({ answer: null, answeredAt: null });
    const none = await call('GET', `/api/events/${eventId}/substitute-invitation${query}`, stranger);
    expect(none.json()).toEqual({ invitation: null });

    const notInvited = await accept(eventId, stranger);
    expect(notInvited.statusCode).toBe(404);
    expect(notInvited.json().error.message).toBe(noInvitationMessage);

    const declined = await call('POST', `/api/events/${eventId}/substitute-invitation/decline`, sub, {
      occurrenceStartsAt: gameStart,
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().invitation.answer).toBe('declined');
    const list = (await call('GET', `/api/events/${eventId}/substitutes${query}`, organizer)).json();
    expect(list.invitations).toMatchObject([{ person: { id: sub.user.id }, answer: 'declined' }]);
    expect(list.settings).toEqual({ enabled: true, hoursBefore: 24, radius: 40, radiusUnit: 'km' });

    // Changing one's mind: the one-tap join still works, and the answer follows.
    expect((await accept(eventId, sub)).statusCode).toBe(200);
    const again = await call('POST', `/api/events/${eventId}/substitute-invitation/decline`, sub, {
      occurrenceStartsAt: gameStart,
    });
    expect(again.statusCode).toBe(409);
  });

  it('counts a join through the page’s own Join button as a yes', async () => {
    await t.db.execute(`insert into game_types (label) values ('Kickball') on conflict do nothing`);
    const sub = await player({ games: ['Kickball'], city: kmNorth(2) });
    const eventId = await gameWithSubstitutes({ overrides: { gameType: 'Kickball' } });
    hoursBeforeGame(8);
    await scan();
    const joined = await call('POST', `/api/events/${eventId}/parties`, sub, { occurrenceStartsAt: gameStart });
    expect(joined.statusCode).toBe(201);
    const list = (
      await call('GET', `/api/events/${eventId}/substitutes?occurrence=${encodeURIComponent(gameStart)}`, organizer)
    ).json();
    expect(list.invitations).toMatchObject([{ person: { id: sub.user.id }, answer: 'joined' }]);
    // The party's own creation time (the database's clock) is the answer's.
    expect(list.invitations[0].answeredAt).toEqual(expect.any(String));
  });

  it('lets only the organizers read the list and change the settings', async () => {
    const eventId = await gameWithSubstitutes();
    const other = await signUpUser(t.app);
    const query = `?occurrence=${encodeURIComponent(gameStart)}`;
    expect((await call('GET', `/api/events/${eventId}/substitutes${query}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/api/events/${eventId}/substitutes${query}`)).statusCode).toBe(401);
    const settings = { enabled: false, hoursBefore: 6, radius: 5, radiusUnit: 'mi' };
    expect((await call('PUT', `/api/events/${eventId}/substitutes/settings`, other, settings)).statusCode).toBe(403);
    const list = (await call('GET', `/api/events/${eventId}/substitutes${query}`, organizer)).json();
    expect(list.settings.enabled).toBe(true);
  });

  it('rejects settings out of range with messages beside the fields, and a date the event does not have', async () => {
    const eventId = await gameWithSubstitutes();
    const response = await call('PUT', `/api/events/${eventId}/substitutes/settings`, organizer, {
      enabled: true,
      hoursBefore: 1,
      radius: 500,
      radiusUnit: 'km',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ hoursBefore: ['At least 2 hours.'], radius: ['At most 200.'] });
    const wrongDate = await call(
      'GET',
      `/api/events/${eventId}/substitutes?occurrence=${encodeURIComponent('2030-06-05T23:00:00.000Z')}`,
      organizer,
    );
    expect(wrongDate.statusCode).toBe(400);
  });
});

describe('turning substitutes on inside the window', () => {
  it('invites at once, without waiting for the next scheduled scan', async () => {
    await t.db.execute(`insert into game_types (label) values ('Cricket') on conflict do nothing`);
    const sub = await player({ games: ['Cricket'], city: kmNorth(2) });
    const event = await createEventAs(t.app, organizer.cookie, placeId, { gameType: 'Cricket' });
    hoursBeforeGame(3);
    expect(await invitedTo(event.id)).toEqual([]);
    const saved = await call('PUT', `/api/events/${event.id}/substitutes/settings`, organizer, {
      enabled: true,
      hoursBefore: 6,
      radius: 10,
      radiusUnit: 'mi',
    });
    expect(saved.statusCode).toBe(200);
    expect(await invitedTo(event.id)).toEqual([sub.user.id]);
  });
});
