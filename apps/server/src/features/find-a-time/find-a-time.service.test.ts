import { weekDays, type AvailabilityBody } from '@huddle/shared/availability';
import { availabilityNudgeKey, type FindATimeReply } from '@huddle/shared/find-a-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  collectMails,
  createTeamAs,
  insertEvent,
  insertParty,
  insertPlace,
  signUpUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { teamMembers } from '../teams/teams.schema.ts';

/**
 * Issue 34 part 1, "Find a time" (decision 079). The team plays in Chicago; the clock is Friday
 * 2030-03-01. Chicago and New York move their clocks on Sunday 2030-03-10, London only on the
 * 31st, so a member in London is an hour "closer" to Chicago in the window's second week.
 */
const clock = createManualClock(new Date('2030-03-01T12:00:00Z'));
const { mails, mailer } = collectMails();
let t: TestApp;
let placeId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  placeId = (await insertPlace(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

const closedWeek = () =>
  Object.fromEntries(
    weekDays.map((day) => [day, { isAvailable: false, ranges: [] }]),
  ) as unknown as AvailabilityBody['weekly'];

async function saveAvailability(
  who: TestUser,
  weekly: Partial<Record<(typeof weekDays)[number], Array<{ start: string; end: string }>>>,
  { timeZone, dates = [] }: { timeZone?: string; dates?: AvailabilityBody['dates'] } = {},
) {
  const week = closedWeek();
  for (const [day, ranges] of Object.entries(weekly))
    week[day as (typeof weekDays)[number]] = { isAvailable: true, ranges };
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/me/availability',
    headers: { cookie: who.cookie },
    payload: { weekly: week, dates, ...(timeZone ? { timeZone } : {}) },
  });
  expect(response.statusCode).toBe(200);
}

/** A Chicago team: the owner (no availability of their own) and the named players. */
async function teamWith(names: string[]) {
  const owner = await signUpUser(t.app, { name: 'Olive Owner' });
  const teamId = (await createTeamAs(t.app, owner.cookie, { timeZone: 'America/Chicago' })).id;
  const players: Record<string, TestUser> = {};
  for (const name of names) {
    players[name] = await signUpUser(t.app, { name });
    await t.db.insert(teamMembers).values({ teamId, userId: players[name].user.id, role: 'player' });
  }
  return { owner, teamId, players };
}

const search = (teamId: string, who: TestUser | null, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/find-a-time`,
    headers: who ? { cookie: who.cookie } : {},
    payload: { startDate: '2030-03-04', days: 7, durationMinutes: 90, ...body },
  });

/** A slot's free and busy members by name, to read failures easily. */
function namesOf(reply: FindATimeReply, ids: string[]) {
  const byId = new Map(reply.members.map((member) => [member.id, member.displayName]));
  return ids.map((id) => byId.get(id)).sort();
}
const slotAt = (reply: FindATimeReply, startLocal: string) =>
  reply.slots.find((slot) => slot.startLocal === startLocal);

describe('find a time', () => {
  it("converts each member's ranges from their own zone, ranks most free first then earliest, across a DST change", async () => {
    const { owner, teamId, players } = await teamWith(['Ana Chicago', 'Ben NewYork', 'Cy London', 'Dee Unzoned']);
    // All four mean Monday 18:00-21:00 in Chicago while it is winter everywhere.
    await saveAvailability(
      players['Ana Chicago']!,
      { monday: [{ start: '18:00', end: '21:00' }] },
      { timeZone: 'America/Chicago' },
    );
    await saveAvailability(
      players['Ben NewYork']!,
      { monday: [{ start: '19:00', end: '22:00' }] },
      { timeZone: 'America/New_York' },
    );
    await saveAvailability(
      players['Cy London']!,
      { tuesday: [{ start: '00:00', end: '03:00' }] },
      { timeZone: 'Europe/London' },
    );
    // Saved before zones were recorded: read on the team's clock.
    await saveAvailability(players['Dee Unzoned']!, { monday: [{ start: '18:00', end: '21:00' }] });

    const response = await search(teamId, owner, { days: 14 });
    expect(response.statusCode).toBe(200);
    const reply = response.json<FindATimeReply>();
    expect(reply.timeZone).toBe('America/Chicago');
    expect(reply.memberCount).toBe(5);
    expect(namesOf(reply, reply.noAvailability)).toEqual(['Olive Owner']);

    // First week (CST, UTC-6): everyone from 18:00; the best four slots are that evening, earliest first.
    expect(reply.slots.slice(0, 4).map((slot) => [slot.startLocal, slot.freeCount])).toEqual([
      ['2030-03-04T18:00', 4],
      ['2030-03-04T18:30', 4],
      ['2030-03-04T19:00', 4],
      ['2030-03-04T19:30', 4],
    ]);
    expect(reply.slots[0]!.startsAt).toBe('2030-03-05T00:00:00.000Z');
    expect(reply.slots[0]!.endLocal).toBe('2030-03-04T19:30');
    expect(namesOf(reply, reply.slots[0]!.free)).toEqual(['Ana Chicago', 'Ben NewYork', 'Cy London', 'Dee Unzoned']);

    // Second week (CDT, UTC-5; London still GMT): London's midnight is 19:00 in Chicago now.
    const early = slotAt(reply, '2030-03-11T18:00');
    expect(early?.startsAt).toBe('2030-03-11T23:00:00.000Z');
    expect(namesOf(reply, early!.free)).toEqual(['Ana Chicago', 'Ben NewYork', 'Dee Unzoned']);
    const later = slotAt(reply, '2030-03-11T19:00');
    expect(later?.freeCount).toBe(4);
    expect(later?.startsAt).toBe('2030-03-12T00:00:00.000Z');
    expect(reply.slots.slice(4, 6).map((slot) => slot.startLocal)).toEqual(['2030-03-11T19:00', '2030-03-11T19:30']);
  });

  it('counts a member in another joined game as busy, not free; a cancelled game does not count', async () => {
    const { owner, teamId, players } = await teamWith(['Gia Gamer', 'Hal Home']);
    for (const who of Object.values(players))
      await saveAvailability(who, { monday: [{ start: '17:00', end: '22:00' }] }, { timeZone: 'America/Chicago' });
    const game = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId,
      startLocal: '2030-03-04T19:00',
      endLocal: '2030-03-04T20:00',
    });
    await insertParty(t.db, {
      eventId: game.id,
      userId: players['Gia Gamer']!.user.id,
      occurrenceStartsAt: game.startsAt,
    });
    const cancelled = await insertEvent(t.db, {
      creatorId: owner.user.id,
      placeId,
      startLocal: '2030-03-04T17:00',
      endLocal: '2030-03-04T18:00',
      cancelledAt: new Date('2030-03-01T00:00:00Z'),
    });
    await insertParty(t.db, {
      eventId: cancelled.id,
      userId: players['Hal Home']!.user.id,
      occurrenceStartsAt: cancelled.startsAt,
    });

    const reply = (await search(teamId, owner, { earliest: '17:00', latest: '22:00' })).json<FindATimeReply>();
    // 17:00-18:30 and 17:30-19:00 end before (or when) the game starts: both free.
    expect(slotAt(reply, '2030-03-04T17:30')?.freeCount).toBe(2);
    const overlapping = slotAt(reply, '2030-03-04T18:00');
    expect(namesOf(reply, overlapping!.free)).toEqual(['Hal Home']);
    expect(namesOf(reply, overlapping!.busy)).toEqual(['Gia Gamer']);
    expect(overlapping!.busyCount).toBe(1);
    // After the game: both free again.
    expect(slotAt(reply, '2030-03-04T20:00')?.freeCount).toBe(2);
  });

  it('lets a date-specific entry replace the weekly ranges of its date, and keeps slots to the times asked', async () => {
    const { owner, teamId, players } = await teamWith(['Ivy Exception']);
    await saveAvailability(
      players['Ivy Exception']!,
      { monday: [{ start: '18:00', end: '21:00' }], wednesday: [{ start: '18:00', end: '21:00' }] },
      { timeZone: 'America/Chicago', dates: [{ date: '2030-03-04', ranges: [{ start: '09:00', end: '11:00' }] }] },
    );
    const reply = (await search(teamId, owner, { earliest: '09:00', latest: '21:00' })).json<FindATimeReply>();
    const starts = reply.slots.map((slot) => slot.startLocal);
    expect(starts).toContain('2030-03-04T09:00');
    expect(starts).not.toContain('2030-03-04T18:00');
    expect(starts).toContain('2030-03-06T18:00');
    for (const slot of reply.slots) {
      expect(slot.startLocal.slice(11) >= '09:00').toBe(true);
      expect(slot.endLocal.slice(11) <= '21:00').toBe(true);
    }

    const atLeastTwo = (await search(teamId, owner, { minPlayers: 2 })).json<FindATimeReply>();
    expect(atLeastTwo.slots).toEqual([]);
  });

  it('nudges members without availability once, never the searching organizer, even under 10 parallel searches', async () => {
    const { owner, teamId, players } = await teamWith(['Kim Keen', 'Lou Late', 'Max Missing']);
    await saveAvailability(
      players['Kim Keen']!,
      { monday: [{ start: '18:00', end: '21:00' }] },
      { timeZone: 'America/Chicago' },
    );
    const organizer = players['Lou Late']!;
    await t.db.update(teamMembers).set({ role: 'organizer' }).where(eq(teamMembers.userId, organizer.user.id));
    const mailsBefore = mails.length;

    const replies = await Promise.all(Array.from({ length: 10 }, () => search(teamId, owner)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(200));
    const reply = replies[0]!.json<FindATimeReply>();
    expect(namesOf(reply, reply.noAvailability)).toEqual(['Lou Late', 'Max Missing', 'Olive Owner']);

    const nudgesOf = (who: TestUser) =>
      t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, who.user.id))
        .then((rows) => rows.filter((row) => row.dedupeKey === availabilityNudgeKey));
    const [missing] = await nudgesOf(players['Max Missing']!);
    expect(await nudgesOf(players['Max Missing']!)).toHaveLength(1);
    expect(missing).toMatchObject({ kind: 'availabilityNudge', link: '/settings?tab=availability', teamId });
    expect(await nudgesOf(organizer)).toHaveLength(1);
    expect(await nudgesOf(owner)).toHaveLength(0);
    expect(await nudgesOf(players['Kim Keen']!)).toHaveLength(0);
    const nudgeMails = mails.slice(mailsBefore).filter((mail) => mail.subject === 'Add your availability');
    expect(nudgeMails.map((mail) => mail.to).sort()).toEqual(
      [organizer.user.email, players['Max Missing']!.user.email].sort(),
    );

    // The organizer searches later: the owner, whom nobody nudged yet, is nudged now; nobody twice.
    await search(teamId, organizer);
    expect(await nudgesOf(owner)).toHaveLength(1);
    expect(await nudgesOf(players['Max Missing']!)).toHaveLength(1);
  });

  it('answers organizers only: 401 signed out, 403 for players and outsiders', async () => {
    const { owner, teamId, players } = await teamWith(['Pat Player']);
    const outsider = await signUpUser(t.app);
    expect((await search(teamId, null)).statusCode).toBe(401);
    expect((await search(teamId, players['Pat Player']!)).statusCode).toBe(403);
    expect((await search(teamId, outsider)).statusCode).toBe(403);
    expect((await search(teamId, owner)).statusCode).toBe(200);
  });

  it('refuses a window in the past, a latest end before the earliest start, and a game longer than the hours', async () => {
    const { owner, teamId } = await teamWith([]);
    const past = await search(teamId, owner, { startDate: '2030-02-20' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.startDate).toEqual(['Pick today or a later day.']);
    const backwards = await search(teamId, owner, { earliest: '20:00', latest: '18:00' });
    expect(backwards.json().error.fields.latest).toEqual(['Latest end must be after the earliest start.']);
    const tooLong = await search(teamId, owner, { earliest: '18:00', latest: '19:00' });
    expect(tooLong.json().error.fields.durationMinutes).toEqual([
      'The game must fit between the earliest start and the latest end.',
    ]);
    const longWindow = await search(teamId, owner, { days: 22 });
    expect(longWindow.statusCode).toBe(400);
  });
});
