import { offerWithdrawnMessage } from '@huddle/shared/events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { collectMails, createEventAs, eventBodyFor, insertPlace, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { eventParties, events } from './events.schema.ts';

/**
 * Issue 10: every path that hands out a spot (join, claim, auto-promote, an organizer's removal
 * that refills, a change of the spots) counts the free spots again under the event lock. Each
 * test fires its requests at once (real parallel connections with TEST_DATABASE_URL) while a
 * watcher on another connection samples the spots held, and asserts they never pass the spots.
 */
const start = new Date('2026-10-01T12:00:00Z');
const clock = createManualClock(start);
const { mails, mailer } = collectMails();
type User = Awaited<ReturnType<typeof signUpUser>>;
let t: TestApp;
let placeId: string;
let owner: User;
let pool: User[];
beforeAll(async () => {
  t = await createTestApp({}, { clock, mailer });
  placeId = (await insertPlace(t.db)).id;
  const people = await Promise.all(Array.from({ length: 41 }, () => signUpUser(t.app)));
  owner = people[0]!;
  pool = people.slice(1);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(start);
  mails.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie = '', payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const join = (eventId: string, cookie: string, occurrenceStartsAt: string, friends = 0) =>
  call('POST', `/api/events/${eventId}/parties`, cookie, { occurrenceStartsAt, friends });
const leave = (eventId: string, cookie: string, occurrence: string) =>
  call('DELETE', `/api/events/${eventId}/parties/mine?occurrence=${encodeURIComponent(occurrence)}`, cookie);
const claim = (eventId: string, cookie: string, partyId: string) =>
  call('POST', `/api/events/${eventId}/parties/${partyId}/claim`, cookie);
/** The organizer's edit: the same game (eventBodyFor's date and place), with these changes. */
const edit = (eventId: string, changes: Record<string, unknown>) =>
  call('PUT', `/api/events/${eventId}`, owner.cookie, eventBodyFor(placeId, changes));

async function eventWith(overrides: Record<string, unknown>) {
  const event = await createEventAs(t.app, owner.cookie, placeId, overrides);
  return { id: event.id, occurrence: event.next?.startsAt as string };
}
const users = (from: number, count: number) => pool.slice(from, from + count);

async function partiesOf(eventId: string) {
  return t.db.select().from(eventParties).where(eq(eventParties.eventId, eventId));
}
const people = (parties: { partySize: number }[]) => parties.reduce((total, party) => total + party.partySize, 0);
const withStatus = <P extends { status: string }>(parties: P[], ...statuses: string[]) =>
  parties.filter((party) => statuses.includes(party.status));

/**
 * People on the occurrence with these statuses, summed in SQL beside the event's spots. Names are
 * written out: Drizzle drops the table from column names when a select reads one table.
 */
const peopleIn = (occurrence: string, statuses: string[]) =>
  sql<number>`coalesce((select sum(p.party_size) from event_parties p
    where p.event_id = events.id and p.occurrence_starts_at = ${occurrence}::timestamptz
      and p.status in ${statuses}), 0)`.mapWith(Number);

/** The spots, the people in (joined) and those holding spots (joined or offered), in one statement. */
async function snapshot(eventId: string, occurrence: string) {
  const [row] = await t.db
    .select({
      slots: events.slots,
      joined: peopleIn(occurrence, ['joined']),
      held: peopleIn(occurrence, ['joined', 'offered']),
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new Error(`no event ${eventId}`);
  return row;
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/**
 * Runs the requests (already started, so they race) while sampling the spots from another
 * connection until they are all answered, and once more after. `over` lists the samples in
 * which more people held spots than there are; `overJoined`, those with more people in.
 */
async function race<T>(eventId: string, occurrence: string, requests: Promise<T>[]) {
  let done = false;
  const samples: Snapshot[] = [];
  const watch = async () => {
    while (!done) {
      samples.push(await snapshot(eventId, occurrence));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  const watcher = watch();
  const replies = await Promise.all(requests).finally(() => {
    done = true;
  });
  await watcher;
  samples.push(await snapshot(eventId, occurrence));
  return {
    replies,
    over: samples.filter((sample) => sample.held > sample.slots),
    overJoined: samples.filter((sample) => sample.joined > sample.slots),
  };
}

describe('every path that hands out a spot stays within the spots (issue 10)', () => {
  it('join: 40 parties of one to four people at once never hold more than the 12 spots', async () => {
    const { id, occurrence } = await eventWith({ slots: 12 });
    const players = users(0, 40);
    const { replies, over } = await race(
      id,
      occurrence,
      players.map((player, index) => join(id, player.cookie, occurrence, index % 4)),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(players.map(() => 201));
    expect(over).toEqual([]);
    const parties = await partiesOf(id);
    expect(people(withStatus(parties, 'joined'))).toBeLessThanOrEqual(12);
    const positions = withStatus(parties, 'waitlisted').map((party) => party.position);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('claim: offers beyond the spots (made before they were lowered) cannot all be claimed at once', async () => {
    const { id, occurrence } = await eventWith({ slots: 10 });
    const joiners = users(0, 8);
    for (const player of joiners) await join(id, player.cookie, occurrence);
    // Six live offers for two free spots: what the 10 → 30 → 10 edit used to leave behind.
    const offered = users(8, 6);
    const offers = await t.db
      .insert(eventParties)
      .values(
        offered.map((player, index) => ({
          eventId: id,
          occurrenceStartsAt: new Date(occurrence),
          userId: player.user.id,
          status: 'offered',
          position: index + 1,
          offerExpiresAt: new Date(start.getTime() + 60 * 60 * 1000),
        })),
      )
      .returning();

    const { replies, overJoined } = await race(
      id,
      occurrence,
      offers.map((offer, index) => claim(id, offered[index]!.cookie, offer.id)),
    );
    // The first two in line keep their offers and get the spots; the other four are withdrawn.
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 409, 409, 409, 409]);
    for (const reply of replies.slice(2)) expect(reply.json().error.message).toBe(offerWithdrawnMessage);
    expect(overJoined).toEqual([]);
    expect(await snapshot(id, occurrence)).toEqual({ slots: 10, joined: 10, held: 10 });
    const parties = await partiesOf(id);
    expect(people(withStatus(parties, 'joined'))).toBe(10);
    expect(withStatus(parties, 'waitlisted').map((party) => party.userId)).toEqual(
      expect.arrayContaining(offered.slice(2).map((player) => player.user.id)),
    );
    expect(mails.filter((mail) => mail.subject.startsWith('Offer withdrawn'))).toHaveLength(4);
  });

  it('auto-promote: leaves, joins and more spots at once hold no more than the spots, and leave none idle', async () => {
    const { id, occurrence } = await eventWith({ slots: 6, autoPromote: true });
    const joined = users(0, 6);
    const waiting = users(6, 8);
    const newcomers = users(14, 4);
    for (const player of joined) await join(id, player.cookie, occurrence);
    for (const [index, player] of waiting.entries()) await join(id, player.cookie, occurrence, index % 2);

    const { replies, over } = await race(id, occurrence, [
      ...joined.slice(0, 3).map((player) => leave(id, player.cookie, occurrence)),
      ...newcomers.map((player) => join(id, player.cookie, occurrence)),
      edit(id, { slots: 8, autoPromote: true }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 201, 201, 201, 201, 200]);
    expect(over).toEqual([]);
    const parties = await partiesOf(id);
    const held = people(withStatus(parties, 'joined'));
    expect(held).toBeLessThanOrEqual(8);
    expect(withStatus(parties, 'offered')).toEqual([]);
    // Auto-promote leaves a spot free only when every waiting party is too big for it.
    for (const party of withStatus(parties, 'waitlisted')) expect(party.partySize).toBeGreaterThan(8 - held);
  });

  it('organizer: removals racing joins and leaves hand each freed spot to one party only', async () => {
    const { id, occurrence } = await eventWith({ slots: 5 });
    const joined = users(0, 5);
    const waiting = users(5, 6);
    const newcomers = users(11, 4);
    for (const player of [...joined, ...waiting]) await join(id, player.cookie, occurrence);
    const partyOf = new Map((await partiesOf(id)).map((party) => [party.userId, party.id]));
    const remove = (player: User) =>
      call('DELETE', `/api/events/${id}/parties/${partyOf.get(player.user.id)}`, owner.cookie);

    const { replies, over } = await race(id, occurrence, [
      ...joined.slice(0, 3).map(remove),
      ...waiting.slice(0, 2).map(remove),
      ...waiting.slice(4, 6).map((player) => leave(id, player.cookie, occurrence)),
      ...newcomers.map((player) => join(id, player.cookie, occurrence)),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 201, 201, 201, 201]);
    expect(over).toEqual([]);
    // Enough people want in for every freed spot to be held again, each by one party.
    expect(people(withStatus(await partiesOf(id), 'joined', 'offered'))).toBe(5);
  });

  it('spot changes: raised from 10 to 30 and back to 10, the 20 offers are withdrawn and nobody can claim them', async () => {
    const { id, occurrence } = await eventWith({ slots: 10 });
    const joined = users(0, 10);
    const waiting = users(10, 20);
    for (const player of [...joined, ...waiting]) await join(id, player.cookie, occurrence);

    expect((await edit(id, { slots: 30 })).statusCode).toBe(200);
    const offers = withStatus(await partiesOf(id), 'offered');
    expect(offers).toHaveLength(20);
    mails.length = 0;
    expect((await edit(id, { slots: 10 })).statusCode).toBe(200);
    const afterLowering = await partiesOf(id);
    expect(withStatus(afterLowering, 'offered')).toEqual([]);
    // The withdrawn wait again in their old places, and hear about it.
    expect(
      withStatus(afterLowering, 'waitlisted')
        .map((party) => party.position)
        .sort((a, b) => a - b),
    ).toEqual(offers.map((party) => party.position).sort((a, b) => a - b));
    expect(mails.map((mail) => mail.subject)).toEqual(waiting.map(() => expect.stringMatching(/^Offer withdrawn: /)));

    const cookieOf = new Map(waiting.map((player) => [player.user.id, player.cookie]));
    const { replies, over } = await race(
      id,
      occurrence,
      offers.map((offer) => claim(id, cookieOf.get(offer.userId ?? '') ?? '', offer.id)),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(offers.map(() => 409));
    expect(over).toEqual([]);
    expect(people(withStatus(await partiesOf(id), 'joined'))).toBe(10);
  });

  it('spot changes: lowering the spots while 20 offers are being claimed ends within the spots', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { id, occurrence } = await eventWith({ slots: 10 });
      const joined = users(0, 10);
      const waiting = users(10, 20);
      for (const player of [...joined, ...waiting]) await join(id, player.cookie, occurrence);
      expect((await edit(id, { slots: 30 })).statusCode).toBe(200);
      const offers = withStatus(await partiesOf(id), 'offered');
      const cookieOf = new Map(waiting.map((player) => [player.user.id, player.cookie]));

      const { replies, over } = await race(id, occurrence, [
        edit(id, { slots: 10 }),
        ...offers.map((offer) => claim(id, cookieOf.get(offer.userId ?? '') ?? '', offer.id)),
      ]);
      expect(over).toEqual([]);
      const [lowered, ...claims] = replies;
      const claimed = claims.filter((reply) => reply.statusCode === 200).length;
      const [event] = await t.db.select().from(events).where(eq(events.id, id));
      if (lowered?.statusCode === 200) {
        // The lowering went through: at most the claims that came before it got in.
        expect(event?.slots).toBe(10);
        expect(claimed).toBe(0);
      } else {
        // Claims came first and filled more than 10: the lowering is refused beside the field.
        expect(lowered?.json().error.fields.slots).toBeDefined();
        expect(event?.slots).toBe(30);
      }
      const parties = await partiesOf(id);
      expect(people(withStatus(parties, 'joined', 'offered'))).toBeLessThanOrEqual(event?.slots ?? 0);
      expect(
        await t.db
          .select()
          .from(eventParties)
          .where(and(eq(eventParties.eventId, id), eq(eventParties.status, 'joined'))),
      ).toHaveLength(10 + claimed);
    }
  });
});
