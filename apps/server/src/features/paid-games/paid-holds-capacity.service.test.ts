import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  addressedCall,
  collectMails,
  createEventAs,
  createTeamAs,
  eventBodyFor,
  paidGamesTestApp,
  paymentRowOf,
  payOnLocalCheckout,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { eventParties, events } from '../events/events.schema.ts';
import { deliverLocalEventJob } from '../payments/local-stripe/local-stripe.ts';
import { registrations, seasons } from '../seasons/seasons.schema.ts';

/**
 * Issue 30, item 2 (decision 059): places held by open Checkouts count against the spots when an
 * organizer lowers them, and a payment never completes into a place that is not there. A game's
 * spots, a season's capacity: lowering below what is joined and held is refused beside the field;
 * a completion that still finds no room is refunded in full and its payer waitlisted and told.
 */
const start = new Date('2030-06-01T12:00:00Z');
const clock = createManualClock(start);
const { mails, mailer } = collectMails();
type User = TestUser;
type Game = { id: string; occurrence: string };
let t: TestApp;
let placeId: string;
let organizer: User;
let pool: User[];

/** While set, the local provider's events wait here instead of reaching the webhook. */
let heldEvents: string[] | undefined;

beforeAll(async () => {
  let people: User[];
  ({ t, placeId, users: people } = await paidGamesTestApp({ clock, mailer, people: 32 }));
  organizer = people[0]!;
  pool = people.slice(1);
  // The app's own delivery (signed, to the webhook), which a test can hold back to send later.
  t.jobs.define<{ eventId: string }>(deliverLocalEventJob, async ({ eventId }) => {
    if (heldEvents) {
      heldEvents.push(eventId);
      return;
    }
    const reply = await deliver(eventId);
    if (reply.statusCode >= 300) throw new Error(`webhook answered ${reply.statusCode}`);
  });
});

async function deliver(eventId: string) {
  const event = await t.payments.localStripe!.context().store.find('event', eventId);
  const payload = JSON.stringify(event);
  const signature = t.payments.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: await t.payments.webhookSecret(),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(start);
  mails.length = 0;
  heldEvents = undefined;
});

const call = addressedCall(() => t.app);

/** A $12 game of the connected organizer (4 June 2030 18:00 Chicago). */
async function paidGame(slots: number): Promise<Game> {
  const event = await createEventAs(t.app, organizer.cookie, placeId, { priceCents: 1200, slots });
  return { id: event.id, occurrence: event.next?.startsAt as string };
}
/** Opens Checkout for the player: the held spot's payment and its Checkout page. */
async function openCheckout(game: Game, who: User) {
  const reply = await call('POST', `/api/events/${game.id}/checkout`, who.cookie, {
    occurrenceStartsAt: game.occurrence,
    friends: 0,
  });
  expect(reply.json().outcome, reply.body).toBe('checkout');
  return reply.json() as { paymentId: string; url: string };
}
/** The organizer's edit of the same game (eventBodyFor's date and place) with these spots. */
const setSpots = (game: Game, slots: number) =>
  call('PUT', `/api/events/${game.id}`, organizer.cookie, eventBodyFor(placeId, { priceCents: 1200, slots }));

/** The game's spots and the people joined and holding a spot while paying, in one statement. */
async function spotsOf(game: Game) {
  const people = (status: string) =>
    sql<number>`coalesce((select sum(p.party_size) from event_parties p
      where p.event_id = events.id and p.status = ${status}), 0)`.mapWith(Number);
  const [row] = await t.db
    .select({ slots: events.slots, joined: people('joined'), held: people('held') })
    .from(events)
    .where(eq(events.id, game.id));
  return row!;
}

describe('a paid game: spots held by open Checkouts count when the spots are lowered', () => {
  it('two Checkouts open on 2 spots: lowering to 1 is refused beside the field; both pay and both are in', async () => {
    const game = await paidGame(2);
    const first = await openCheckout(game, pool[0]!);
    const second = await openCheckout(game, pool[1]!);

    const lowered = await setSpots(game, 1);
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json().error.fields.slots).toEqual([
      '2 spots are taken: 2 people are paying for theirs right now. Keep at least 2 spots.',
    ]);

    await payOnLocalCheckout(t.app, first.url);
    await payOnLocalCheckout(t.app, second.url);
    expect(await spotsOf(game)).toEqual({ slots: 2, joined: 2, held: 0 });
    expect((await paymentRowOf(t.db, first.paymentId)).status).toBe('paid');
    expect((await paymentRowOf(t.db, second.paymentId)).status).toBe('paid');
  });
});

describe('a payment that completes with no spot left (the safety net of decision 059)', () => {
  const refundsOf = async (paymentId: string) => {
    const intent = (await paymentRowOf(t.db, paymentId)).stripePaymentIntentId!;
    return (await t.payments.stripe.refunds.list({ payment_intent: intent, limit: 100 })).data.map((r) => r.amount);
  };

  it('is refunded in full and its payer waits first in line and is told, when the spots were lowered before this rule', async () => {
    const game = await paidGame(2);
    const first = await openCheckout(game, pool[4]!);
    const second = await openCheckout(game, pool[5]!);
    // What an edit could do before decision 059: 1 spot under two open Checkouts.
    await t.db.update(events).set({ slots: 1 }).where(eq(events.id, game.id));
    const waiting = await call('POST', `/api/events/${game.id}/checkout`, pool[6]!.cookie, {
      occurrenceStartsAt: game.occurrence,
      friends: 0,
    });
    expect(waiting.json().outcome).toBe('waitlisted');

    await payOnLocalCheckout(t.app, first.url);
    await payOnLocalCheckout(t.app, second.url);

    expect(await spotsOf(game)).toEqual({ slots: 1, joined: 1, held: 0 });
    expect(await paymentRowOf(t.db, first.paymentId)).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect(await paymentRowOf(t.db, second.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    expect(await refundsOf(second.paymentId)).toEqual([1200]);
    // The late payer waits again, ahead of the one who came to a full game.
    const line = await t.db
      .select({ userId: eventParties.userId, status: eventParties.status })
      .from(eventParties)
      .where(and(eq(eventParties.eventId, game.id), inArray(eventParties.status, ['waitlisted', 'offered'])))
      .orderBy(eventParties.position, eventParties.createdAt);
    expect(line).toEqual([
      { userId: pool[5]!.user.id, status: 'waitlisted' },
      { userId: pool[6]!.user.id, status: 'waitlisted' },
    ]);
    const view = (await call('GET', `/api/events/${game.id}?occurrence=${game.occurrence}`, pool[5]!.cookie)).json();
    expect(view.myParty).toMatchObject({ status: 'waitlisted' });
    const told = mails.filter((mail) => mail.to === pool[5]!.user.email && mail.subject.startsWith('Refunded: '));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('no spot was left for you. It has been refunded in full ($12)');
    expect(told[0]!.text).toContain('You keep your turn on the waitlist');
    expect(mails.filter((mail) => mail.to === pool[4]!.user.email && mail.subject.startsWith('Refunded'))).toEqual([]);

    // Replays of its completion refund nothing more and tell nobody again.
    const local = t.payments.localStripe!.context();
    const session = await local.store.find(
      'checkout.session',
      (await paymentRowOf(t.db, second.paymentId)).stripeCheckoutSessionId!,
    );
    await Promise.all(Array.from({ length: 10 }, () => local.emit('checkout.session.completed', session!)));
    expect(await refundsOf(second.paymentId)).toEqual([1200]);
    expect(mails.filter((mail) => mail.to === pool[5]!.user.email && mail.subject.startsWith('Refunded'))).toHaveLength(
      1,
    );
    expect(await spotsOf(game)).toEqual({ slots: 1, joined: 1, held: 0 });
  });
  it('is refunded in full, once, and its payer told, when they left the game while paying', async () => {
    const game = await paidGame(2);
    const opened = await openCheckout(game, pool[30]!);
    heldEvents = [];
    await payOnLocalCheckout(t.app, opened.url);
    const completion = heldEvents;
    heldEvents = undefined;
    const left = await call(
      'DELETE',
      `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`,
      pool[30]!.cookie,
    );
    expect(left.statusCode).toBe(200);
    // Stripe's completion arrives after the leave, twice.
    for (const eventId of [...completion, ...completion]) expect((await deliver(eventId)).statusCode).toBe(200);

    expect(await spotsOf(game)).toEqual({ slots: 2, joined: 0, held: 0 });
    expect(await paymentRowOf(t.db, opened.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    expect(await refundsOf(opened.paymentId)).toEqual([1200]);
    const told = mails.filter((mail) => mail.to === pool[30]!.user.email && mail.subject.startsWith('Refunded: '));
    expect(told.map((mail) => mail.text)).toEqual([
      expect.stringContaining('went through after your spot was given up'),
    ]);
  });
});

describe('lowering the spots while payments complete at once (decision 059)', () => {
  it('never ends, nor passes through, more people in than spots, and every payer who paid is in', async () => {
    for (let round = 0; round < 3; round += 1) {
      const game = await paidGame(6);
      const players = pool.slice(7 + round * 6, 13 + round * 6);
      const opened = [];
      for (const player of players) opened.push(await openCheckout(game, player));
      const payers = opened.slice(0, 4);
      const leavers = opened.slice(4);

      let done = false;
      const samples: Awaited<ReturnType<typeof spotsOf>>[] = [];
      const watcher = (async () => {
        while (!done) {
          samples.push(await spotsOf(game));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      const replies = await Promise.all([
        ...payers.map((payer) => payOnLocalCheckout(t.app, payer.url)),
        ...leavers.map((leaver, index) =>
          call('POST', `/api/paid-games/payments/${leaver.paymentId}/cancel`, players[4 + index]!.cookie),
        ),
        setSpots(game, 5),
        setSpots(game, 4),
        setSpots(game, 3),
      ]).finally(() => {
        done = true;
      });
      await watcher;
      const after = await spotsOf(game);
      samples.push(after);

      expect(samples.filter((sample) => sample.joined + sample.held > sample.slots)).toEqual([]);
      // The four payers were in, or paying, all along: 3 spots is always refused.
      const edits = replies.slice(-3) as Awaited<ReturnType<typeof setSpots>>[];
      expect(edits[2]!.statusCode).toBe(400);
      for (const edit of edits) expect([200, 400]).toContain(edit.statusCode);
      expect(after.joined).toBe(4);
      expect(after.held).toBe(0);
      expect([4, 5, 6]).toContain(after.slots);
      for (const payer of payers) {
        expect(await paymentRowOf(t.db, payer.paymentId)).toMatchObject({ status: 'paid', refundedCents: 0 });
      }
    }
  });
});

describe('a paid season: places held by open Checkouts count when the capacity is lowered', () => {
  /** A published $40 season of a new team of the organizer, registration open now. */
  const seasonBody = (capacity: number) => ({
    label: 'Autumn 2030',
    startsOn: '2030-09-01',
    endsOn: '2030-11-30',
    registrationOpensAt: '2030-01-01T00:00:00Z',
    registrationClosesAt: '2030-08-31T23:00:00Z',
    capacity,
    feeCents: 4000,
    status: 'published',
  });
  async function paidSeason(capacity: number) {
    const team = await createTeamAs(t.app, organizer.cookie);
    const created = await call('POST', `/api/teams/${team.id}/seasons`, organizer.cookie, seasonBody(capacity));
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }
  async function capacityAndRegistered(seasonId: string) {
    const [season] = await t.db.select({ capacity: seasons.capacity }).from(seasons).where(eq(seasons.id, seasonId));
    const [approved] = await t.db
      .select({ total: count() })
      .from(registrations)
      .where(and(eq(registrations.seasonId, seasonId), eq(registrations.status, 'approved')));
    return { capacity: season?.capacity, approved: approved?.total };
  }

  it('two Checkouts open on 2 places: lowering to 1 is refused beside the field; both pay and both are in', async () => {
    const seasonId = await paidSeason(2);
    const opened = await Promise.all(
      [pool[2]!, pool[3]!].map(async (who) =>
        (await call('POST', `/api/seasons/${seasonId}/checkout`, who.cookie)).json(),
      ),
    );
    expect(opened.map((reply) => reply.outcome)).toEqual(['checkout', 'checkout']);

    const lowered = await call('PUT', `/api/seasons/${seasonId}`, organizer.cookie, seasonBody(1));
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json().error.fields.capacity).toHaveLength(1);

    for (const reply of opened) await payOnLocalCheckout(t.app, reply.url);
    expect(await capacityAndRegistered(seasonId)).toEqual({ capacity: 2, approved: 2 });
  });
});
