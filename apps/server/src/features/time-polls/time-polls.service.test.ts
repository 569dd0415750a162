import { timePollMessages, timePollUpdatedEvent, type TimePoll, type TimePollList } from '@huddle/shared/time-polls';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  collectMails,
  connectRealtime,
  createTeamCast,
  insertPlace,
  nextRealtimeEvent,
  signUpUser,
  turnOffMail,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { events } from '../events/events.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { timePollInvitees, timePolls, timePollVotes } from './time-polls.schema.ts';

/**
 * Issue 34 part 1, time polls (decision 080). The team plays in Chicago; the clock is Monday
 * 2030-06-03 noon UTC, and the times offered are the evenings after (18:00 Chicago = 23:00 UTC).
 */
const clock = createManualClock(new Date('2030-06-03T12:00:00Z'));
const { mails, mailer } = collectMails();
const tuesday = { startsAt: '2030-06-04T23:00:00.000Z', endsAt: '2030-06-05T00:30:00.000Z' };
const wednesday = { startsAt: '2030-06-05T23:00:00.000Z', endsAt: '2030-06-06T00:30:00.000Z' };
const thursday = { startsAt: '2030-06-06T23:00:00.000Z', endsAt: '2030-06-07T00:30:00.000Z' };

let t: TestApp;
let owner: TestUser;
let organizer: TestUser;
let player: TestUser;
let outsider: TestUser;
let substitute: TestUser;
let teamId: string;
let placeId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  const cast = await createTeamCast(t, {
    team: 'Tuesday Pickup',
    owner: 'Olga Owner',
    organizer: 'Oscar Organizer',
    player: 'Pia Player',
    outsider: 'Otto Outsider',
  });
  ({ owner, organizer, player, outsider, teamId } = cast);
  substitute = await signUpUser(t.app, { name: 'Sam Substitute' });
  await t.db.insert(teamMembers).values({ teamId, userId: substitute.user.id, role: 'substitute' });
  await t.db.update(teams).set({ timeZone: 'America/Chicago' }).where(eq(teams.id, teamId));
  placeId = (await insertPlace(t.db, { name: 'Riverside Courts' })).id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who?: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

const pollBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Tuesday pickup',
  placeId,
  spots: 12,
  slots: [tuesday, wednesday, thursday],
  closesAt: null,
  ...overrides,
});

async function createPoll(overrides: Record<string, unknown> = {}, who: TestUser = owner): Promise<TimePoll> {
  const response = await call('POST', `/api/teams/${teamId}/time-polls`, who, pollBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TimePoll>();
}

/** The personal link mailed to this person for the poll, as its token. */
function tokenMailedTo(email: string, title: string): string {
  const mail = mails.findLast(
    (candidate) => candidate.to === email && candidate.subject === `When can you play? ${title}`,
  );
  const match = mail?.text.match(/\/polls\/vote\/([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error(`no voting link mailed to ${email} for ${title}`);
  return match[1];
}

const slotAt = (poll: TimePoll, startsAt: string) => poll.slots.find((slot) => slot.startsAt === startsAt)!;

describe('creating a poll', () => {
  it('stores the times on the team’s clock, invites every member by mail with a link of their own, and notifies', async () => {
    const poll = await createPoll({ title: 'Created poll' });
    expect(poll.timeZone).toBe('America/Chicago');
    expect(poll.place).toEqual({ id: placeId, name: 'Riverside Courts' });
    expect(poll.slots.map((slot) => slot.startsAt)).toEqual([tuesday.startsAt, wednesday.startsAt, thursday.startsAt]);
    expect(poll.invitedCount).toBe(4);
    expect(poll.viewer.canManage).toBe(true);
    expect(poll.status).toBe('open');

    // Everyone but the organizer who sent it gets a mail with the times on the team's clock and a personal link.
    const invited = mails.filter((mail) => mail.subject === 'When can you play? Created poll');
    expect(invited.map((mail) => mail.to).sort()).toEqual(
      [organizer.user.email, player.user.email, substitute.user.email].sort(),
    );
    const playerMail = invited.find((mail) => mail.to === player.user.email)!;
    expect(playerMail.text).toContain('- Tuesday, June 4 at 6:00 PM (America/Chicago time)');
    const tokens = new Set(invited.map((mail) => tokenMailedTo(mail.to, 'Created poll')));
    expect(tokens.size).toBe(3);

    // Only hashes are stored: no token appears in the database.
    const stored = await t.db.select().from(timePollInvitees).where(eq(timePollInvitees.pollId, poll.id));
    expect(stored).toHaveLength(4);
    for (const row of stored) expect(tokens.has(row.tokenHash)).toBe(false);

    const bell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subjectId, poll.id), eq(notifications.kind, 'timePollOpened')));
    expect(bell.map((row) => row.userId).sort()).toEqual(
      [organizer.user.id, player.user.id, substitute.user.id].sort(),
    );
    expect(bell[0]!.link).toBe(`/teams/${teamId}/polls/${poll.id}`);
  });

  it('mails nobody whose settings turn that mail off, and still notifies them in the app', async () => {
    await turnOffMail(t.db, substitute.user.id, 'eventCreatedJoin');
    const poll = await createPoll({ title: 'Quiet poll' });
    expect(mails.some((mail) => mail.to === substitute.user.email && mail.subject.includes('Quiet poll'))).toBe(false);
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subjectId, poll.id), eq(notifications.userId, substitute.user.id)));
    expect(row?.kind).toBe('timePollOpened');
  });

  it('lets the team’s organizers create, and nobody else', async () => {
    expect((await call('POST', `/api/teams/${teamId}/time-polls`, organizer, pollBody())).statusCode).toBe(201);
    const player403 = await call('POST', `/api/teams/${teamId}/time-polls`, player, pollBody());
    expect(player403.statusCode).toBe(403);
    expect((await call('POST', `/api/teams/${teamId}/time-polls`, outsider, pollBody())).statusCode).toBe(403);
    expect((await call('POST', `/api/teams/${teamId}/time-polls`, null, pollBody())).statusCode).toBe(401);
  });

  it('refuses fewer than 2 or more than 5 times, the same time twice, times in the past and a past closing date', async () => {
    const post = (body: Record<string, unknown>) =>
      call('POST', `/api/teams/${teamId}/time-polls`, owner, pollBody(body));
    const one = await post({ slots: [tuesday] });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.fields.slots).toEqual(['Offer at least 2 times.']);
    const day = (n: number) => ({
      startsAt: `2030-06-${String(10 + n).padStart(2, '0')}T23:00:00.000Z`,
      endsAt: `2030-06-${String(11 + n).padStart(2, '0')}T00:00:00.000Z`,
    });
    expect((await post({ slots: [0, 1, 2, 3, 4, 5].map(day) })).json().error.fields.slots).toEqual([
      'Offer at most 5 times.',
    ]);
    expect((await post({ slots: [tuesday, { ...tuesday }] })).json().error.fields.slots).toEqual([
      timePollMessages.slotsDistinct,
    ]);
    const past = await post({
      slots: [{ startsAt: '2030-06-02T23:00:00.000Z', endsAt: '2030-06-03T00:00:00.000Z' }, tuesday],
    });
    expect(past.json().error.fields['slots.0.startsAt']).toEqual([timePollMessages.slotPast]);
    const closes = await post({ closesAt: '2030-06-01T00:00:00.000Z' });
    expect(closes.json().error.fields.closesAt).toEqual([timePollMessages.closesPast]);
    const unknownPlace = await post({ placeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownPlace.json().error.fields.placeId).toEqual([timePollMessages.unknownPlace]);
  });
});

describe('reading polls', () => {
  it('shows the team’s polls to members only, open ones first', async () => {
    const open = await createPoll({ title: 'Listed poll' });
    const list = await call('GET', `/api/teams/${teamId}/time-polls`, substitute);
    expect(list.statusCode).toBe(200);
    const body = list.json<TimePollList>();
    expect(body.canCreate).toBe(false);
    expect(body.polls.find((poll) => poll.id === open.id)).toMatchObject({ status: 'open', slotCount: 3 });
    expect((await call('GET', `/api/teams/${teamId}/time-polls`, outsider)).statusCode).toBe(403);
    expect((await call('GET', `/api/time-polls/${open.id}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/time-polls/${open.id}`, player)).statusCode).toBe(200);
  });
});

describe('voting', () => {
  it('keeps one answer per person per time, changed by voting again', async () => {
    const poll = await createPoll({ title: 'Upsert poll' });
    const vote = (choice: string) =>
      call('PUT', `/api/time-polls/${poll.id}/votes`, player, {
        votes: [{ slotId: slotAt(poll, tuesday.startsAt).id, choice }],
      });
    expect((await vote('yes')).statusCode).toBe(200);
    const changed = await vote('ifNeeded');
    expect(changed.statusCode).toBe(200);
    const after = changed.json<TimePoll>();
    expect(after.viewer.votes).toEqual({ [slotAt(poll, tuesday.startsAt).id]: 'ifNeeded' });
    expect(slotAt(after, tuesday.startsAt).counts).toEqual({ yes: 0, ifNeeded: 1, no: 0 });
    expect(slotAt(after, tuesday.startsAt).voters).toEqual([
      expect.objectContaining({ userId: player.user.id, displayName: 'Pia Player', choice: 'ifNeeded' }),
    ]);
    const rows = await t.db.select().from(timePollVotes).where(eq(timePollVotes.pollId, poll.id));
    expect(rows).toHaveLength(1);
  });

  it('leaves one row per time after 20 parallel ballots from one person, and a replayed ballot changes nothing more', async () => {
    const poll = await createPoll({ title: 'Race poll' });
    const choices = ['yes', 'ifNeeded', 'no'] as const;
    const ballots = Array.from({ length: 20 }, (_, index) => ({
      votes: poll.slots.map((slot, slotIndex) => ({ slotId: slot.id, choice: choices[(index + slotIndex) % 3]! })),
    }));
    const replies = await Promise.all(
      ballots.map((ballot) => call('PUT', `/api/time-polls/${poll.id}/votes`, player, ballot)),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.db.select().from(timePollVotes).where(eq(timePollVotes.pollId, poll.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.slotId)).size).toBe(3);

    const last = ballots[7]!;
    const first = await call('PUT', `/api/time-polls/${poll.id}/votes`, player, last);
    const replay = await call('PUT', `/api/time-polls/${poll.id}/votes`, player, last);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<TimePoll>().slots).toEqual(first.json<TimePoll>().slots);
    expect(await t.db.select().from(timePollVotes).where(eq(timePollVotes.pollId, poll.id))).toHaveLength(3);
  });

  it('refuses a time of another poll, outsiders, and votes once closed or past the closing date', async () => {
    const poll = await createPoll({ title: 'Guarded poll', closesAt: '2030-06-04T12:00:00.000Z' });
    const other = await createPoll({ title: 'Other poll' });
    const foreign = await call('PUT', `/api/time-polls/${poll.id}/votes`, player, {
      votes: [{ slotId: other.slots[0]!.id, choice: 'yes' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.votes).toEqual([timePollMessages.unknownSlot]);
    const ballot = { votes: [{ slotId: poll.slots[0]!.id, choice: 'yes' }] };
    expect((await call('PUT', `/api/time-polls/${poll.id}/votes`, outsider, ballot)).statusCode).toBe(404);

    clock.set(new Date('2030-06-04T12:00:01Z'));
    try {
      const late = await call('PUT', `/api/time-polls/${poll.id}/votes`, player, ballot);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(timePollMessages.alreadyClosed);
      expect((await call('GET', `/api/time-polls/${poll.id}`, player)).json<TimePoll>().acceptingVotes).toBe(false);
    } finally {
      clock.set(new Date('2030-06-03T12:00:00Z'));
    }
  });

  it('tells the poll’s open pages over the realtime topic when someone votes', async () => {
    const poll = await createPoll({ title: 'Live poll' });
    const watcher = await connectRealtime(t.app, '');
    try {
      watcher.socket.send(JSON.stringify({ type: 'subscribe', topic: poll.topic }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await call('PUT', `/api/time-polls/${poll.id}/votes`, player, {
        votes: [{ slotId: poll.slots[0]!.id, choice: 'yes' }],
      });
      await nextRealtimeEvent(
        watcher.events,
        (event) => event.type === timePollUpdatedEvent && event.pollId === poll.id,
      );
      // A made-up key is refused.
      watcher.socket.send(JSON.stringify({ type: 'subscribe', topic: 'time-poll:AAAAAAAAAAAAAAAAAAAAAAAA' }));
      await nextRealtimeEvent(watcher.events, (event) => event.type === 'topic.refused');
    } finally {
      watcher.socket.terminate();
    }
  });
});

describe('voting through the mailed link', () => {
  it('reads and votes as the invitee without signing in', async () => {
    const poll = await createPoll({ title: 'Link poll' });
    const token = tokenMailedTo(player.user.email, 'Link poll');
    const read = await call('GET', `/api/time-polls/by-link/${token}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<TimePoll>()).toMatchObject({ id: poll.id, viewer: { userId: player.user.id, canManage: false } });
    const voted = await call('PUT', `/api/time-polls/by-link/${token}/votes`, null, {
      votes: [{ slotId: poll.slots[1]!.id, choice: 'yes' }],
    });
    expect(voted.statusCode).toBe(200);
    // The same person signed in sees the answer as theirs: one voter, not two.
    const signedIn = (await call('GET', `/api/time-polls/${poll.id}`, player)).json<TimePoll>();
    expect(signedIn.viewer.votes).toEqual({ [poll.slots[1]!.id]: 'yes' });
    expect(signedIn.respondedCount).toBe(1);
  });

  it('scopes a link to its poll: poll A’s link cannot vote on poll B, and no link reads another poll', async () => {
    const pollA = await createPoll({ title: 'Scope poll A' });
    const pollB = await createPoll({ title: 'Scope poll B' });
    const tokenA = tokenMailedTo(player.user.email, 'Scope poll A');
    const crossed = await call('PUT', `/api/time-polls/by-link/${tokenA}/votes`, null, {
      votes: [{ slotId: pollB.slots[0]!.id, choice: 'yes' }],
    });
    expect(crossed.statusCode).toBe(400);
    expect(await t.db.select().from(timePollVotes).where(eq(timePollVotes.pollId, pollB.id))).toEqual([]);
    expect(await t.db.select().from(timePollVotes).where(eq(timePollVotes.pollId, pollA.id))).toEqual([]);
    // The link is no session: the member routes stay closed to it.
    expect((await call('GET', `/api/time-polls/${pollB.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/teams/${teamId}/time-polls`)).statusCode).toBe(401);
    // A made-up token, or one of the right shape that was never issued, reads nothing.
    const forged = await call('GET', `/api/time-polls/by-link/${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.message).toBe(timePollMessages.linkInvalid);
    expect((await call('GET', '/api/time-polls/by-link/short')).statusCode).toBe(400);
  });

  it('stops working for someone who left the team, and takes no votes once the poll closed', async () => {
    const poll = await createPoll({ title: 'Left poll' });
    const leaver = await signUpUser(t.app, { name: 'Lee Leaver' });
    await t.db.insert(teamMembers).values({ teamId, userId: leaver.user.id, role: 'player' });
    const later = await createPoll({ title: 'Left poll 2' });
    const token = tokenMailedTo(leaver.user.email, 'Left poll 2');
    await t.db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, leaver.user.id)));
    expect((await call('GET', `/api/time-polls/by-link/${token}`)).statusCode).toBe(404);
    expect(later.id).not.toBe(poll.id);

    const playerToken = tokenMailedTo(player.user.email, 'Left poll');
    const closed = await call('POST', `/api/time-polls/${poll.id}/close`, owner, {
      slotId: poll.slots[0]!.id,
      placeId: null,
    });
    expect(closed.statusCode).toBe(200);
    const late = await call('PUT', `/api/time-polls/by-link/${playerToken}/votes`, null, {
      votes: [{ slotId: poll.slots[0]!.id, choice: 'yes' }],
    });
    expect(late.statusCode).toBe(409);
    // Reading still works: the invitee sees which time won.
    const read = (await call('GET', `/api/time-polls/by-link/${playerToken}`)).json<TimePoll>();
    expect(read).toMatchObject({ status: 'closed', chosenSlotId: poll.slots[0]!.id, acceptingVotes: false });
  });
});

describe('50 people at once', () => {
  it('takes 50 members’ ballots through their links in parallel: one row each per time, the counts add up', async () => {
    const crowdTeam = (
      await call('POST', '/api/teams', owner, {
        kind: 'team',
        name: 'Crowd FC',
        gameType: 'Soccer',
        description: null,
        city: { name: 'Austin, TX', lat: 30.26715, lng: -97.74306 },
        joinPolicy: 'open',
        visibility: 'public',
      })
    ).json<{ id: string }>().id;
    // Accounts written straight to the table: 50 sign-ups would spend the test hashing passwords.
    const crowd = Array.from({ length: 50 }, (_, index) => ({
      id: `crowd-${index}`,
      name: `Crowd ${index}`,
      email: `crowd-${index}@example.com`,
      emailVerified: true,
    }));
    await t.db.insert(users).values(crowd);
    await t.db
      .insert(teamMembers)
      .values(crowd.map((person) => ({ teamId: crowdTeam, userId: person.id, role: 'player' })));
    const created = await call('POST', `/api/teams/${crowdTeam}/time-polls`, owner, pollBody({ title: 'Crowd poll' }));
    expect(created.statusCode).toBe(201);
    const poll = created.json<TimePoll>();
    expect(poll.invitedCount).toBe(51);
    const replies = await Promise.all(
      crowd.map((person, index) =>
        call('PUT', `/api/time-polls/by-link/${tokenMailedTo(person.email, 'Crowd poll')}/votes`, null, {
          votes: poll.slots.map((slot, slotIndex) => ({
            slotId: slot.id,
            choice: (['yes', 'ifNeeded', 'no'] as const)[(index + slotIndex) % 3]!,
          })),
        }),
      ),
    );
    expect(replies.filter((reply) => reply.statusCode !== 200).map((reply) => reply.body)).toEqual([]);
    const rows = await t.db.select().from(timePollVotes).where(eq(timePollVotes.pollId, poll.id));
    expect(rows).toHaveLength(150);
    const read = (await call('GET', `/api/time-polls/${poll.id}`, owner)).json<TimePoll>();
    expect(read.respondedCount).toBe(50);
    for (const slot of read.slots) expect(slot.counts.yes + slot.counts.ifNeeded + slot.counts.no).toBe(50);
  });
});

describe('closing', () => {
  it('suggests the time with the most yes, then if-needed; creates the game on the chosen time and announces it', async () => {
    const poll = await createPoll({ title: 'Closing poll' });
    const [tue, wed, thu] = [tuesday, wednesday, thursday].map((slot) => slotAt(poll, slot.startsAt).id);
    const ballot = (who: TestUser, choices: [string, string, string]) =>
      call('PUT', `/api/time-polls/${poll.id}/votes`, who, {
        votes: [tue, wed, thu].map((slotId, index) => ({ slotId: slotId!, choice: choices[index]! })),
      });
    await ballot(player, ['yes', 'yes', 'no']);
    await ballot(substitute, ['no', 'ifNeeded', 'yes']);
    const read = (await ballot(organizer, ['yes', 'yes', 'ifNeeded'])).json<TimePoll>();
    // Tuesday and Wednesday both have two yes; Wednesday has an if-needed more.
    expect(read.suggestedSlotId).toBe(wed);

    expect(
      (await call('POST', `/api/time-polls/${poll.id}/close`, player, { slotId: wed, placeId: null })).statusCode,
    ).toBe(403);
    const mailsBefore = mails.length;
    const closed = await call('POST', `/api/time-polls/${poll.id}/close`, owner, { slotId: wed, placeId: null });
    expect(closed.statusCode, closed.body).toBe(200);
    const reply = closed.json<TimePoll>();
    expect(reply).toMatchObject({ status: 'closed', chosenSlotId: wed, acceptingVotes: false });

    const [event] = await t.db.select().from(events).where(eq(events.id, reply.eventId!));
    expect(event).toMatchObject({
      title: 'Closing poll',
      teamId,
      placeId,
      slots: 12,
      timeZone: 'America/Chicago',
      gameType: 'Soccer',
      creatorId: owner.user.id,
    });
    expect(event!.startsAt.toISOString()).toBe(wednesday.startsAt);
    expect(event!.endsAt.toISOString()).toBe(wednesday.endsAt);

    const announced = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subjectId, reply.eventId!), eq(notifications.kind, 'timePollClosed')));
    expect(announced.map((row) => row.userId).sort()).toEqual(
      [organizer.user.id, player.user.id, substitute.user.id].sort(),
    );
    expect(announced[0]!.title).toBe('Closing poll is on: Wednesday, June 5 at 6:00 PM (America/Chicago time)');
    const announcementMails = mails.slice(mailsBefore).filter((mail) => mail.subject.startsWith('Closing poll is on'));
    expect(announcementMails.map((mail) => mail.to).sort()).toEqual([organizer.user.email, player.user.email].sort());
  });

  it('creates one game under 10 parallel closes by two organizers', async () => {
    const poll = await createPoll({ title: 'Raced close' });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call('POST', `/api/time-polls/${poll.id}/close`, index % 2 ? organizer : owner, {
          slotId: poll.slots[index % 3]!.id,
          placeId: null,
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const games = await t.db.select().from(events).where(eq(events.title, 'Raced close'));
    expect(games).toHaveLength(1);
    const [row] = await t.db.select().from(timePolls).where(eq(timePolls.id, poll.id));
    expect(row?.eventId).toBe(games[0]!.id);
    const winner = replies.find((reply) => reply.statusCode === 200)!.json<TimePoll>();
    expect(games[0]!.startsAt.toISOString()).toBe(
      winner.slots.find((slot) => slot.id === winner.chosenSlotId)!.startsAt,
    );
    const loser = replies.find((reply) => reply.statusCode === 409)!;
    expect(loser.json().error.message).toBe(timePollMessages.closedTwice);
  });

  it('asks for a place when the poll named none, and changes nothing until there is one', async () => {
    const poll = await createPoll({ title: 'No place poll', placeId: null });
    expect(poll.place).toBeNull();
    const refused = await call('POST', `/api/time-polls/${poll.id}/close`, owner, {
      slotId: poll.slots[0]!.id,
      placeId: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.placeId).toEqual([timePollMessages.placeNeeded]);
    expect((await t.db.select().from(timePolls).where(eq(timePolls.id, poll.id)))[0]?.status).toBe('open');
    const closed = await call('POST', `/api/time-polls/${poll.id}/close`, owner, {
      slotId: poll.slots[0]!.id,
      placeId,
    });
    expect(closed.statusCode).toBe(200);
  });

  it('refuses a time that has passed since, beside the time, and leaves the poll open', async () => {
    const poll = await createPoll({ title: 'Passed poll' });
    clock.set(new Date('2030-06-05T00:00:00Z'));
    try {
      const refused = await call('POST', `/api/time-polls/${poll.id}/close`, owner, {
        slotId: slotAt(poll, tuesday.startsAt).id,
        placeId: null,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.slotId).toEqual(['The start must be in the future.']);
      expect(await t.db.select().from(events).where(eq(events.title, 'Passed poll'))).toEqual([]);
    } finally {
      clock.set(new Date('2030-06-03T12:00:00Z'));
    }
  });
});
