import { badgeMessages, type BadgeId, type MyBadges } from '@huddle/shared/badges';
import { listOccurrences } from '@huddle/shared/event-occurrences';
import { findQuiz } from '@huddle/shared/quizzes';
import type { TournamentDetail } from '@huddle/shared/tournaments';
import { defaultPrivacySettings } from '@huddle/shared/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEvents } from '../../db/seed-events.ts';
import { demoAccount, seedDemoCommunity } from '../../db/seed.ts';
import { createManualClock } from '../../lib/clock.ts';
import {
  createTeamAs,
  insertEvent,
  insertParty,
  insertPlace,
  signUpUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { setFlag } from '../feature-flags/feature-flags.service.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';
import { userBadges } from './badges.schema.ts';
import { getMyBadges, listProfileBadges, publicRefreshMs } from './badges.service.ts';

/** Decision 064: badges earned from play, shown on the public profile while the switch and the flag allow. */
const clock = createManualClock(new Date('2030-06-01T12:00:00Z'));
let t: TestApp;
let placeId: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  placeId = (await insertPlace(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

async function myBadges(person: TestUser): Promise<MyBadges> {
  const response = await call('GET', '/api/me/badges', person.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The date each tier was earned (null: not yet), and the value, of one badge. */
async function badgeOf(person: TestUser, badgeId: BadgeId) {
  const badge = (await myBadges(person)).badges.find((entry) => entry.badgeId === badgeId)!;
  return { value: badge.value, earned: badge.tiers.map((tier) => tier.earnedAt) };
}

async function profileBadges(userId: string, viewer?: TestUser) {
  const response = await call('GET', `/api/users/${userId}/profile`, viewer?.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().badges as { badgeId: string; tier: number; earnedAt: string }[] | null;
}

const setPublicBadges = async (person: TestUser, publicBadges: boolean) =>
  expect(
    (await call('PUT', '/api/me/privacy', person.cookie, { privacy: { ...defaultPrivacySettings, publicBadges } }))
      .statusCode,
  ).toBe(200);

/** Sessions of this test's database waiting for a lock another holds. */
async function waitingOnLocks(): Promise<number> {
  const result = await t.db.execute<{ waiting: number }>(
    sql`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return result.rows[0]!.waiting;
}

const quiz = findQuiz('pickleball')!;
/** Every answer the nth option: the second gives level 3.0, the third 4.0, the first 2.0. */
const takeQuiz = async (person: TestUser, option: number) => {
  const saved = await call('PUT', '/api/me/quiz-results/pickleball', person.cookie, {
    answers: Object.fromEntries(quiz.questions.map((question) => [question.id, question.options[option]!.id])),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as { level: number; takenAt: string };
};

/** A game (18:00-20:00 in Chicago; weekly when count > 1) with these players on every date. */
async function weeklyGame(organizer: TestUser, players: TestUser[], count: number, startLocal = '2030-06-04T18:00') {
  const endLocal = `${startLocal.slice(0, 11)}20:00`;
  const weekday = new Date(`${startLocal.slice(0, 10)}T12:00:00Z`).getUTCDay() || 7;
  const repeat = count > 1 ? { weekdays: [weekday], until: null, count } : null;
  const event = await insertEvent(t.db, { creatorId: organizer.user.id, placeId, startLocal, endLocal, repeat });
  const dates = listOccurrences({ timeZone: 'America/Chicago', startLocal, endLocal, repeat });
  for (const date of dates) {
    for (const player of players) {
      await insertParty(t.db, { eventId: event.id, userId: player.user.id, occurrenceStartsAt: date.startsAt });
    }
  }
  return { event, ends: dates.map((date) => date.endsAt) };
}

describe('earning badges', () => {
  it('counts games played and organized, each tier at its threshold and dated when that game ended', async () => {
    const [organizer, player, friend] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
    const { ends } = await weeklyGame(organizer, [player, friend], 12);
    // A date of the organizer's where nobody else came is not a game organized.
    await weeklyGame(organizer, [organizer], 1, '2030-06-05T18:00');

    clock.set(new Date(ends[8]!.getTime() + 60_000));
    expect(await badgeOf(player, 'games-played')).toEqual({
      value: 9,
      earned: [ends[0]!.toISOString(), null, null, null],
    });

    // The 10th game ends: the second tier, dated that moment, for the player and the organizer.
    clock.set(ends[9]!);
    expect(await badgeOf(player, 'games-played')).toEqual({
      value: 10,
      earned: [ends[0]!.toISOString(), ends[9]!.toISOString(), null, null],
    });
    expect(await badgeOf(organizer, 'games-organized')).toEqual({
      value: 10,
      earned: [ends[0]!.toISOString(), ends[9]!.toISOString(), null, null],
    });
    expect((await badgeOf(organizer, 'games-played')).value).toBe(1);
    expect((await badgeOf(player, 'games-organized')).value).toBe(0);
  });

  it('counts a season completed once its last day is over on the team’s clock, approved registrations only', async () => {
    const [owner, player] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    const teamId = (await createTeamAs(t.app, owner.cookie, { timeZone: 'America/Chicago' })).id;
    const season = (label: string, endsOn: string, status = 'published') => ({
      teamId,
      label,
      startsOn: '2030-05-01',
      endsOn,
      registrationOpensAt: new Date('2030-04-01T00:00:00Z'),
      registrationClosesAt: new Date('2030-04-30T00:00:00Z'),
      status,
    });
    const [approved, pending, draft] = await t.db
      .insert(seasons)
      .values([season('Spring', '2030-07-10'), season('Ladder', '2030-07-10'), season('Draft', '2030-07-10', 'draft')])
      .returning();
    await t.db.insert(registrations).values(
      [
        [approved!, 'approved'],
        [pending!, 'pending'],
        [draft!, 'approved'],
      ].map(([row, status]) => ({
        seasonId: (row as { id: string }).id,
        teamId,
        userId: player.user.id,
        name: 'Pat Player',
        email: player.user.email,
        status: status as string,
      })),
    );

    // 10 July ends at midnight in Chicago: 05:00 UTC on the 11th.
    clock.set(new Date('2030-07-11T04:59:00Z'));
    expect(await badgeOf(player, 'seasons-completed')).toEqual({ value: 0, earned: [null, null, null, null] });
    clock.set(new Date('2030-07-11T05:00:00Z'));
    expect(await badgeOf(player, 'seasons-completed')).toEqual({
      value: 1,
      earned: ['2030-07-11T05:00:00.000Z', null, null, null],
    });
  });

  it('counts a tournament won by the captain of the champion’s side, once the tournament is over', async () => {
    const [organizer, winner, loser] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
    const teamId = (await createTeamAs(t.app, organizer.cookie)).id;
    const [season] = await t.db
      .insert(seasons)
      .values({
        teamId,
        label: 'Summer',
        startsOn: '2030-07-01',
        endsOn: '2030-09-30',
        registrationOpensAt: new Date('2030-06-01T00:00:00Z'),
        registrationClosesAt: new Date('2030-06-30T00:00:00Z'),
      })
      .returning();
    const sides = await t.db
      .insert(registrations)
      .values(
        [winner, loser].map((person, index) => ({
          seasonId: season!.id,
          teamId,
          userId: person.user.id,
          name: `Side ${index + 1}`,
          email: person.user.email,
          status: 'approved',
        })),
      )
      .returning();
    clock.set(new Date('2030-08-01T08:00:00Z'));
    const created = await call('POST', `/api/teams/${teamId}/tournaments`, organizer.cookie, {
      name: 'August Open',
      format: 'single_elimination',
      startsAt: '2030-08-01T09:00:00Z',
      endsAt: '2030-08-01T18:00:00Z',
      placeName: null,
      courts: ['Court 1'],
      matchMinutes: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const entered = await call('PUT', `/api/tournaments/${id}/entrants`, organizer.cookie, {
      entrants: sides.map((side) => ({ registrationId: side.id })),
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const scheduled = (
      await call('POST', `/api/tournaments/${id}/schedule`, organizer.cookie)
    ).json() as TournamentDetail;
    const final = scheduled.matches[0]!;
    clock.set(new Date('2030-08-01T17:00:00Z'));
    const scored = await call('PUT', `/api/tournaments/${id}/matches/${final.id}/score`, organizer.cookie, {
      homeScore: 11,
      awayScore: 4,
      version: final.version,
    });
    expect(scored.json().championName).toBe('Side 1');

    // Champion named, but the day is not over: a score can still be corrected.
    clock.set(new Date('2030-08-01T17:59:00Z'));
    expect((await badgeOf(winner, 'tournaments-won')).value).toBe(0);
    clock.set(new Date('2030-08-01T18:00:00Z'));
    expect(await badgeOf(winner, 'tournaments-won')).toEqual({
      value: 1,
      earned: ['2030-08-01T18:00:00.000Z', null, null, null],
    });
    expect((await badgeOf(loser, 'tournaments-won')).value).toBe(0);
  });

  it('gives the quiz badge up to the level reached, and keeps a tier when a retake scores lower', async () => {
    const player = await signUpUser(t.app);
    clock.set(new Date('2030-09-01T12:00:00Z'));
    const { takenAt } = await takeQuiz(player, 2);
    expect(await badgeOf(player, 'quiz-level')).toEqual({ value: 4, earned: [takenAt, takenAt, takenAt, null] });

    clock.set(new Date('2030-09-02T12:00:00Z'));
    await takeQuiz(player, 0);
    expect(await badgeOf(player, 'quiz-level')).toEqual({ value: 2, earned: [takenAt, takenAt, takenAt, null] });
  });
});

describe('awarding', () => {
  it('stores each tier once, with one date, whoever asks at the same moment, and keeps it when the game goes', async () => {
    const [organizer, player, viewer] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
    const { event, ends } = await weeklyGame(organizer, [player], 1, '2030-10-01T18:00');
    clock.set(new Date(ends[0]!.getTime() + publicRefreshMs));

    // Every award reaches its insert before any lands: a transaction holds user_badges against
    // writes (reads go on) until four owner views and four public views all wait on it.
    const deps = { db: t.db, clock, flagDefaults: t.config.flagDefaults };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table user_badges in exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    const awards = Promise.all([
      Promise.all(Array.from({ length: 4 }, () => getMyBadges(deps, { actorId: player.user.id }))),
      Promise.all(
        Array.from({ length: 4 }, () => listProfileBadges(deps, { userId: player.user.id, publicBadges: true })),
      ),
    ]);
    // One public view awards; the other three wait for its refresh (the claimed row), not on the table.
    try {
      await expect.poll(waitingOnLocks).toBe(8);
    } finally {
      release();
      await holder;
    }
    const [owners, publics] = await awards;
    const earned = ends[0]!.toISOString();
    expect(owners.map((own) => own.badges[0]!.tiers[0]!.earnedAt)).toEqual(Array(4).fill(earned));
    expect(publics).toEqual(Array(4).fill([{ badgeId: 'games-played', tier: 1, earnedAt: earned }]));
    const viaHttp = await Promise.all([
      call('GET', '/api/me/badges', player.cookie),
      call('GET', `/api/users/${player.user.id}/profile`, viewer.cookie),
    ]);
    expect(viaHttp.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const rows = await t.db.select().from(userBadges).where(eq(userBadges.userId, player.user.id));
    expect(rows.map((row) => [row.badgeId, row.tier, row.earnedAt.toISOString()])).toEqual([
      ['games-played', 1, ends[0]!.toISOString()],
    ]);

    // The organizer deletes the game: the badge earned from it stays.
    await t.db.delete(events).where(eq(events.id, event.id));
    expect(await badgeOf(player, 'games-played')).toEqual({
      value: 0,
      earned: [ends[0]!.toISOString(), null, null, null],
    });
  });

  it('refreshes a public profile at most every few minutes; the owner’s own view awards at once', async () => {
    const player = await signUpUser(t.app);
    clock.set(new Date('2030-11-01T12:00:00Z'));
    expect(await profileBadges(player.user.id)).toEqual([]);
    clock.set(new Date('2030-11-01T12:01:00Z'));
    const { takenAt } = await takeQuiz(player, 1);

    clock.set(new Date('2030-11-01T12:05:00Z'));
    expect(await profileBadges(player.user.id)).toEqual([]);
    clock.set(new Date(Date.parse('2030-11-01T12:00:00Z') + publicRefreshMs));
    expect(await profileBadges(player.user.id)).toEqual([{ badgeId: 'quiz-level', tier: 2, earnedAt: takenAt }]);

    // A higher level: the owner sees it as they look, and so does everyone after them.
    clock.set(new Date(Date.parse('2030-11-01T12:00:00Z') + publicRefreshMs + 60_000));
    const higher = await takeQuiz(player, 2);
    expect(await profileBadges(player.user.id)).toEqual([{ badgeId: 'quiz-level', tier: 2, earnedAt: takenAt }]);
    expect((await badgeOf(player, 'quiz-level')).earned).toEqual([takenAt, takenAt, higher.takenAt, null]);
    expect(await profileBadges(player.user.id)).toEqual([{ badgeId: 'quiz-level', tier: 3, earnedAt: higher.takenAt }]);
  });
});

describe('who sees badges', () => {
  it('shows them to anyone while the switch is on, to nobody while it is off, and never to a viewer the player blocked', async () => {
    const [player, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    clock.set(new Date('2030-12-01T12:00:00Z'));
    const { takenAt } = await takeQuiz(player, 1);
    const shown = [{ badgeId: 'quiz-level', tier: 2, earnedAt: takenAt }];

    expect(await profileBadges(player.user.id)).toEqual(shown);
    expect(await profileBadges(player.user.id, other)).toEqual(shown);

    await setPublicBadges(player, false);
    expect(await profileBadges(player.user.id)).toBeNull();
    expect(await profileBadges(player.user.id, other)).toBeNull();
    expect(await profileBadges(player.user.id, player)).toBeNull();
    // The owner still sees their own.
    const own = await myBadges(player);
    expect(own.badges.find((badge) => badge.badgeId === 'quiz-level')!.tiers[1]!.earnedAt).toBe(takenAt);

    await setPublicBadges(player, true);
    expect(await profileBadges(player.user.id, other)).toEqual(shown);
    expect((await call('POST', '/api/me/blocked-users', player.cookie, { userId: other.user.id })).statusCode).toBe(
      200,
    );
    expect(await profileBadges(player.user.id, other)).toBeNull();
    expect(await profileBadges(player.user.id)).toEqual(shown);
  });

  it('shows none, to anyone, while the badges flag is off', async () => {
    const player = await signUpUser(t.app);
    clock.set(new Date('2030-12-02T12:00:00Z'));
    await takeQuiz(player, 1);
    await setFlag(t.db, 'badges', false);
    try {
      expect(await profileBadges(player.user.id)).toBeNull();
      expect(await profileBadges(player.user.id, player)).toBeNull();
      const own = await call('GET', '/api/me/badges', player.cookie);
      expect(own.statusCode).toBe(404);
      expect(own.json().error).toMatchObject({ code: 'NOT_FOUND', message: badgeMessages.off });
    } finally {
      await setFlag(t.db, 'badges', true);
    }
    expect(await profileBadges(player.user.id)).toHaveLength(1);
  });

  it('asks for a session for one’s own badges', async () => {
    expect((await call('GET', '/api/me/badges')).statusCode).toBe(401);
  });
});

describe('the demo community', () => {
  it('earns its first badges from the games the seed made, once their dates are over', async () => {
    const seededClock = createManualClock();
    const seeded = await createTestApp({}, { clock: seededClock });
    try {
      // Seeded two weeks ago: every seeded game's first date (1 to 9 days after seeding) is over.
      await seedDemoCommunity(seeded.db);
      await seedDemoEvents(seeded.db, new Date(seededClock.now().getTime() - 14 * 24 * 60 * 60_000));
      const [demo] = await seeded.db.select().from(users).where(eq(users.email, demoAccount.email));
      const deps = { db: seeded.db, clock: seededClock, flagDefaults: seeded.config.flagDefaults };
      const tiersOf = async (badgeId: BadgeId) =>
        (await getMyBadges(deps, { actorId: demo!.id })).badges
          .find((badge) => badge.badgeId === badgeId)!
          .tiers.filter((tier) => tier.earnedAt !== null)
          .map((tier) => tier.tier);
      // The demo organizer plays in three seeded games and runs one that had players.
      expect(await tiersOf('games-played')).toEqual([1]);
      expect(await tiersOf('games-organized')).toEqual([1]);
      expect(await listProfileBadges(deps, { userId: demo!.id, publicBadges: true })).toEqual([
        { badgeId: 'games-played', tier: 1, earnedAt: expect.any(String) },
        { badgeId: 'games-organized', tier: 1, earnedAt: expect.any(String) },
      ]);
    } finally {
      await seeded.close();
    }
  });
});
