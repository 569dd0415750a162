import { teamsMessages, teamsPublishedEvent, type TeamSheet } from '@huddle/shared/fair-teams';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  collectMails,
  connectRealtime,
  createEventAs,
  createTeamAs,
  insertPlace,
  nextRealtimeEvent,
  signUpUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { eventParties } from '../events/events.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { quizResults } from '../quizzes/quizzes.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';
import { eventTeamSheets } from './fair-teams.schema.ts';

/**
 * Issue 34 part 2, fair teams on the day (decision 077). The game is on Tuesday 2030-06-04 at
 * 18:00 in Chicago (23:00 UTC); the clock is the day before.
 */
const clock = createManualClock(new Date('2030-06-03T12:00:00Z'));
const { mailer } = collectMails();
const gameStart = '2030-06-04T23:00:00.000Z';
let t: TestApp;
let placeId: string;
let owner: TestUser;
let coOrganizer: TestUser;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  placeId = (await insertPlace(t.db)).id;
  owner = await signUpUser(t.app);
  coOrganizer = await signUpUser(t.app);
  teamId = (await createTeamAs(t.app, owner.cookie)).id;
  await t.db.insert(teamMembers).values({ teamId, userId: coOrganizer.user.id, role: 'organizer' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

const sheetOf = (eventId: string, who: TestUser, occurrence = gameStart) =>
  call('GET', `/api/events/${eventId}/teams?occurrence=${encodeURIComponent(occurrence)}`, who);
const publishedOf = (eventId: string, who: TestUser, occurrence = gameStart) =>
  call('GET', `/api/events/${eventId}/teams/published?occurrence=${encodeURIComponent(occurrence)}`, who);
const make = (eventId: string, who: TestUser, body: Record<string, unknown> = {}) =>
  call('POST', `/api/events/${eventId}/teams/make`, who, {
    occurrenceStartsAt: gameStart,
    version: null,
    teamCount: 2,
    source: 'joined',
    keepParties: true,
    ...body,
  });

type Sheet = NonNullable<TeamSheet['sheet']>;
/** The save body that keeps a sheet as it is; tests change what they test. */
const saveBodyOf = (sheet: Sheet, occurrenceStartsAt = gameStart) => ({
  occurrenceStartsAt,
  version: sheet.version,
  teams: sheet.teams.map((team) => ({
    name: team.name,
    colour: team.colour,
    members: team.members.map((member) => member.key),
  })),
  locked: sheet.teams.flatMap((team) => team.members.filter((member) => member.locked).map((member) => member.key)),
  positions: Object.fromEntries(
    sheet.teams.flatMap((team) =>
      team.members.flatMap((member) => (member.position ? [[member.key, member.position]] : [])),
    ),
  ),
});

/** A player with a self-rated level who joined the date, bringing `friends` along. */
async function joined(
  eventId: string,
  {
    level = null,
    friends = 0,
    checkedIn = false,
    startsAt = gameStart,
  }: {
    level?: number | null;
    friends?: number;
    checkedIn?: boolean;
    startsAt?: string;
  } = {},
) {
  const person = await signUpUser(t.app);
  await t.db.update(users).set({ selfRatedLevel: level }).where(eq(users.id, person.user.id));
  await t.db.insert(eventParties).values({
    eventId,
    occurrenceStartsAt: new Date(startsAt),
    userId: person.user.id,
    partySize: friends + 1,
    status: 'joined',
    position: 0,
    checkedInAt: checkedIn ? new Date() : null,
  });
  return person;
}

async function teamEvent(overrides: Record<string, unknown> = {}) {
  return (await createEventAs(t.app, owner.cookie, placeId, { teamId, slots: 40, ...overrides })).id;
}

const teamIndexOf = (sheet: Sheet, key: string) =>
  sheet.teams.findIndex((team) => team.members.some((m) => m.key === key));
const keyOf = (sheet: Sheet, userId: string) =>
  sheet.teams.flatMap((team) => team.members).find((member) => member.userId === userId)?.key ?? '';

describe('making teams', () => {
  it('splits everyone on the date into even teams, a party and its friends on one side', async () => {
    const eventId = await teamEvent();
    const strong = await Promise.all([5, 5, 5, 5].map((level) => joined(eventId, { level })));
    await Promise.all([1, 1, 1].map((level) => joined(eventId, { level })));
    const withFriend = await joined(eventId, { level: 1, friends: 1 });
    const response = await make(eventId, owner);
    expect(response.statusCode).toBe(200);
    const { sheet, playerCount } = response.json() as TeamSheet;
    expect(playerCount).toBe(9);
    expect(sheet!.version).toBe(1);
    expect(sheet!.teams.map((team) => team.members.length).toSorted()).toEqual([4, 5]);
    // Two strong players a side: the split is by level, not by who joined first.
    for (const team of sheet!.teams) {
      expect(team.members.filter((member) => strong.some((s) => s.user.id === member.userId))).toHaveLength(2);
    }
    const party = sheet!.teams.flatMap((team) => team.members).filter((m) => m.partySize === 2);
    expect(party[0]!.userId).toBe(withFriend.user.id);
    expect(party[1]).toMatchObject({ userId: null, displayName: `${party[0]!.displayName}'s friend` });
    expect(teamIndexOf(sheet!, party[0]!.key)).toBe(teamIndexOf(sheet!, party[1]!.key));
    expect(sheet!.balance.spread).toBeLessThan(0.6);
    expect(sheet!.balance.summary).toMatch(/^(Even|Close):/);
    expect(sheet!.teams.map((team) => team.name)).toEqual(['Red team', 'Blue team']);
  });

  it('splits only those checked in when the organizer asks, and says so when nobody is', async () => {
    const eventId = await teamEvent();
    await joined(eventId, { level: 3 });
    const refused = await make(eventId, owner, { source: 'checkedIn' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.source).toEqual([teamsMessages.noCheckedIn]);
    const here = await Promise.all([1, 2, 3, 4].map(() => joined(eventId, { level: 3, checkedIn: true })));
    const { sheet } = (await make(eventId, owner, { source: 'checkedIn' })).json() as TeamSheet;
    const placed = sheet!.teams.flatMap((team) => team.members.map((member) => member.userId));
    expect(placed.toSorted()).toEqual(here.map((person) => person.user.id).toSorted());
    // The one not checked in waits on no team, out of the split.
    expect(sheet!.unassigned).toEqual([]);
  });

  it('counts a quiz level of the game type and the organizer’s own rating', async () => {
    const eventId = await teamEvent({ gameType: 'Pickleball' });
    const quizzed = await joined(eventId, { level: null });
    await t.db
      .insert(quizResults)
      .values({ userId: quizzed.user.id, quizId: 'pickleball', level: 5, answers: {}, takenAt: new Date() });
    const rated = await joined(eventId, { level: 5 });
    await make(eventId, owner);
    const rate = await call('PUT', `/api/events/${eventId}/teams/ratings`, owner, {
      occurrenceStartsAt: gameStart,
      userId: rated.user.id,
      rating: 2,
    });
    expect(rate.statusCode).toBe(200);
    const { sheet } = (await sheetOf(eventId, owner)).json() as TeamSheet;
    const members = sheet!.teams.flatMap((team) => team.members);
    expect(members.find((member) => member.userId === quizzed.user.id)).toMatchObject({ quiz: 5, level: 5 });
    // 2 × 2 (rating) + 1 × 5 (own), over 3.
    expect(members.find((member) => member.userId === rated.user.id)).toMatchObject({ rating: 2, level: 3 });
  });

  it('keeps teams per date of a weekly series', async () => {
    const nextWeek = '2030-06-11T23:00:00.000Z';
    const eventId = await teamEvent({ repeat: { weekdays: [2], until: '2030-07-30', count: null } });
    await Promise.all([1, 2, 3, 4].map((level) => joined(eventId, { level })));
    await Promise.all([1, 2].map((level) => joined(eventId, { level, startsAt: nextWeek })));
    expect((await make(eventId, owner)).statusCode).toBe(200);
    const later = await make(eventId, owner, { occurrenceStartsAt: nextWeek });
    expect(later.statusCode).toBe(200);
    expect((later.json() as TeamSheet).sheet!.teams.flatMap((team) => team.members)).toHaveLength(2);
    expect(((await sheetOf(eventId, owner)).json() as TeamSheet).sheet!.teams.flat()).toHaveLength(2);
    const rows = await t.db.select().from(eventTeamSheets).where(eq(eventTeamSheets.eventId, eventId));
    expect(rows).toHaveLength(2);
  });
});

describe('editing teams', () => {
  it('moves a player, keeps locked players through a reshuffle, and names and colours teams', async () => {
    const eventId = await teamEvent();
    const people = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3].map((level) => joined(eventId, { level })));
    const first = ((await make(eventId, owner)).json() as TeamSheet).sheet!;
    const mover = first.teams[0]!.members[0]!;
    const body = saveBodyOf(first);
    body.teams[0]!.members = body.teams[0]!.members.filter((key) => key !== mover.key);
    body.teams[1]!.members.push(mover.key);
    body.teams[1] = { ...body.teams[1]!, name: 'Bibs', colour: 'yellow' };
    const lockedKeys = [mover.key, first.teams[0]!.members[1]!.key];
    body.locked = lockedKeys;
    body.positions = { [mover.key]: 'Goalkeeper' };
    const saved = await call('PUT', `/api/events/${eventId}/teams`, owner, body);
    expect(saved.statusCode).toBe(200);
    const second = (saved.json() as TeamSheet).sheet!;
    expect(second.version).toBe(2);
    expect(teamIndexOf(second, mover.key)).toBe(1);
    expect(second.teams[1]).toMatchObject({ name: 'Bibs', colour: 'yellow' });
    expect(second.teams[1]!.members.find((member) => member.key === mover.key)).toMatchObject({
      locked: true,
      position: 'Goalkeeper',
    });

    for (let round = 0; round < 4; round += 1) {
      const current = ((await sheetOf(eventId, owner)).json() as TeamSheet).sheet!;
      const reshuffled = ((await make(eventId, owner, { version: current.version })).json() as TeamSheet).sheet!;
      expect(teamIndexOf(reshuffled, lockedKeys[0]!)).toBe(1);
      expect(teamIndexOf(reshuffled, lockedKeys[1]!)).toBe(0);
      expect(reshuffled.teams[1]).toMatchObject({ name: 'Bibs', colour: 'yellow' });
      expect(reshuffled.teams.flatMap((team) => team.members)).toHaveLength(people.length);
    }
  });

  it('answers 409 to an edit of a version someone else changed, and lets exactly one of two at once through', async () => {
    const eventId = await teamEvent();
    await Promise.all([1, 2, 3, 4].map((level) => joined(eventId, { level })));
    const first = ((await make(eventId, owner)).json() as TeamSheet).sheet!;
    // Making teams again "from nothing" while they exist: someone else made them meanwhile.
    const again = await make(eventId, coOrganizer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(teamsMessages.stale);

    const renamed = (name: string) => {
      const body = saveBodyOf(first);
      body.teams[0] = { ...body.teams[0]!, name };
      return body;
    };
    const [a, b] = await Promise.all([
      call('PUT', `/api/events/${eventId}/teams`, owner, renamed('Owls')),
      call('PUT', `/api/events/${eventId}/teams`, coOrganizer, renamed('Hawks')),
    ]);
    expect([a.statusCode, b.statusCode].toSorted()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Owls' : 'Hawks';
    const now = ((await sheetOf(eventId, owner)).json() as TeamSheet).sheet!;
    expect(now.teams[0]!.name).toBe(winner);
    expect(now.version).toBe(2);

    // The same stale version again, and a publish of it: refused, nothing changed.
    expect((await call('PUT', `/api/events/${eventId}/teams`, owner, renamed('Late'))).statusCode).toBe(409);
    const stalePublish = await call('POST', `/api/events/${eventId}/teams/publish`, owner, {
      occurrenceStartsAt: gameStart,
      version: 1,
    });
    expect(stalePublish.statusCode).toBe(409);
    expect(((await sheetOf(eventId, owner)).json() as TeamSheet).sheet!.teams[0]!.name).toBe(winner);
  });

  it('refuses a player who is not on the date, and one on two teams', async () => {
    const eventId = await teamEvent();
    await Promise.all([1, 2].map((level) => joined(eventId, { level })));
    const first = ((await make(eventId, owner)).json() as TeamSheet).sheet!;
    const stranger = saveBodyOf(first);
    stranger.teams[0]!.members.push('00000000-0000-4000-8000-000000000000.0');
    const refused = await call('PUT', `/api/events/${eventId}/teams`, owner, stranger);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.teams).toEqual([teamsMessages.notOnDate]);
    const twice = saveBodyOf(first);
    twice.teams[1]!.members.push(twice.teams[0]!.members[0]!);
    expect((await call('PUT', `/api/events/${eventId}/teams`, owner, twice)).json().error.fields.teams).toEqual([
      teamsMessages.twice,
    ]);
  });
});

describe('the organizer’s rating stays theirs', () => {
  it('is in no reply to anyone else: not the co-organizer’s, not the players’', async () => {
    const eventId = await teamEvent();
    const rated = await joined(eventId, { level: 3 });
    const other = await joined(eventId, { level: 3 });
    await make(eventId, owner);
    await call('PUT', `/api/events/${eventId}/teams/ratings`, owner, {
      occurrenceStartsAt: gameStart,
      userId: rated.user.id,
      rating: 5,
    });
    const mine = ((await sheetOf(eventId, owner)).json() as TeamSheet).sheet!;
    expect(mine.teams.flatMap((team) => team.members).find((m) => m.userId === rated.user.id)?.rating).toBe(5);

    const theirs = ((await sheetOf(eventId, coOrganizer)).json() as TeamSheet).sheet!;
    const seenByCo = theirs.teams.flatMap((team) => team.members).find((m) => m.userId === rated.user.id)!;
    expect(seenByCo.rating).toBeNull();
    expect(seenByCo.level).toBe(3);

    const published = await call('POST', `/api/events/${eventId}/teams/publish`, owner, {
      occurrenceStartsAt: gameStart,
      version: mine.version,
    });
    expect(published.statusCode).toBe(200);
    for (const who of [rated, other]) {
      const reply = await publishedOf(eventId, who);
      expect(reply.statusCode).toBe(200);
      // No field of a player's level of any kind, and the summary is from public levels only (all 3: even).
      expect(reply.body).not.toMatch(/"(rating|level|selfRated|quiz)"/);
      expect(reply.json().summary).toMatch(/^Even: .* within 0\.0 /);
      expect(reply.json().teams.flatMap((team: { members: object[] }) => team.members)).toHaveLength(2);
    }
    // Players never reach the organizer's sheet.
    expect((await sheetOf(eventId, rated)).statusCode).toBe(403);
    // Nor rate anyone.
    const byPlayer = await call('PUT', `/api/events/${eventId}/teams/ratings`, rated, {
      occurrenceStartsAt: gameStart,
      userId: other.user.id,
      rating: 1,
    });
    expect(byPlayer.statusCode).toBe(403);
  });

  it('rates only players on the date, and clears with null', async () => {
    const eventId = await teamEvent();
    const player = await joined(eventId, { level: 3 });
    const stranger = await signUpUser(t.app);
    const rate = (userId: string, rating: number | null) =>
      call('PUT', `/api/events/${eventId}/teams/ratings`, owner, { occurrenceStartsAt: gameStart, userId, rating });
    expect((await rate(stranger.user.id, 4)).statusCode).toBe(404);
    expect((await rate(player.user.id, 4)).statusCode).toBe(200);
    expect((await rate(player.user.id, null)).json()).toEqual({ userId: player.user.id, rating: null });
    await make(eventId, owner);
    const { sheet } = (await sheetOf(eventId, owner)).json() as TeamSheet;
    expect(sheet!.teams.flatMap((team) => team.members)[0]?.rating).toBeNull();
  });
});

describe('publishing', () => {
  it('shows each player their team, notifies them by their settings, and pushes it live', async () => {
    const eventId = await teamEvent();
    const players = await Promise.all([1, 2, 3, 4].map((level) => joined(eventId, { level })));
    const before = await publishedOf(eventId, players[0]!);
    expect(before.json()).toEqual({ teams: null, publishedAt: null, summary: null });

    const first = ((await make(eventId, owner)).json() as TeamSheet).sheet!;
    const live = await connectRealtime(t.app, players[0]!.cookie);
    const published = await call('POST', `/api/events/${eventId}/teams/publish`, owner, {
      occurrenceStartsAt: gameStart,
      version: first.version,
    });
    expect(published.statusCode).toBe(200);
    expect((published.json() as TeamSheet).sheet).toMatchObject({ changedSincePublished: false });
    await nextRealtimeEvent(
      live.events,
      (event) =>
        event.type === teamsPublishedEvent && event.eventId === eventId && event.occurrenceStartsAt === gameStart,
    );
    live.socket.terminate();

    const seen = (await publishedOf(eventId, players[0]!)).json();
    const mine = seen.teams.find((team: { members: { isYou: boolean }[] }) => team.members.some((m) => m.isYou));
    expect(mine.name).toBe(first.teams[teamIndexOf(first, keyOf(first, players[0]!.user.id))]!.name);
    expect(seen.summary).toMatch(/^(Even|Close|Uneven):/);

    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'teamsPublished'), eq(notifications.subjectId, eventId)));
    expect(rows.map((row) => row.userId).toSorted()).toEqual(players.map((p) => p.user.id).toSorted());
    expect(rows[0]!.body).toMatch(/^You play on (Red|Blue) team \((red|blue) bibs\) on Tuesday, June 4/);

    // Edits after publishing stay the organizer's until published again.
    const body = saveBodyOf(((await sheetOf(eventId, owner)).json() as TeamSheet).sheet!);
    body.teams[0] = { ...body.teams[0]!, name: 'Draft name' };
    const edited = (await call('PUT', `/api/events/${eventId}/teams`, owner, body)).json() as TeamSheet;
    expect(edited.sheet!.changedSincePublished).toBe(true);
    const stillPublished = (await publishedOf(eventId, players[1]!)).json();
    expect(stillPublished.teams.map((team: { name: string }) => team.name)).not.toContain('Draft name');
  });

  it('needs teams made first, and is the organizers’ alone', async () => {
    const eventId = await teamEvent();
    const player = await joined(eventId, { level: 3 });
    const publish = (who: TestUser) =>
      call('POST', `/api/events/${eventId}/teams/publish`, who, { occurrenceStartsAt: gameStart, version: 1 });
    expect((await publish(owner)).statusCode).toBe(404);
    await make(eventId, owner);
    expect((await publish(player)).statusCode).toBe(403);
    expect((await publish(coOrganizer)).statusCode).toBe(200);
  });
});
