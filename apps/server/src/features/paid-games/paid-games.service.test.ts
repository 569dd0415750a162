import {
  guestsCannotPayMessage,
  organizerCannotTakePaymentsMessage,
  paidJoinNeedsCheckoutMessage,
  paidSeasonNeedsCheckoutMessage,
  priceNeedsStripeMessage,
} from '@huddle/shared/paid-games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  addressedCall,
  collectMails,
  createEventAs,
  createTeamAs,
  eventBodyFor,
  insertEvent,
  paidGamesTestApp,
  paymentRowOf,
  payOnLocalCheckout,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { eventParties } from '../events/events.schema.ts';
import { expireLocalCheckoutJob } from '../payments/payments.routes.ts';
import { paymentOutsideRefunds, payments } from '../payments/payments.schema.ts';
import { paymentCreditEntries, paymentCredits } from '../credits/credits.schema.ts';
import { paidGameCancelledJob, paidGameLeftJob } from '../events/waitlist.service.ts';
import { registrations } from '../seasons/seasons.schema.ts';

/**
 * Issue 13, paid games (decision 033) through the local Stripe: the spot is held while Checkout is
 * open, confirmed once by the webhook, released when Checkout expires or is cancelled; refunds
 * follow the rules and never pass what was paid, also when requests come at once.
 */
const start = new Date('2030-06-01T12:00:00Z');
const clock = createManualClock(start);
const { mailer } = collectMails();
type User = TestUser;
let t: TestApp;
let placeId: string;
let organizer: User, player: User, stranger: User;
let pool: User[];

beforeAll(async () => {
  let people: User[];
  ({ t, placeId, users: people } = await paidGamesTestApp({ clock, mailer, people: 53 }));
  [organizer, player, stranger] = people as [User, User, User];
  pool = people.slice(3);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(start);
});

const call = addressedCall(() => t.app);

/** A paid game ($12, 4 June 2030 18:00 Chicago) by the connected organizer. */
async function paidGame(overrides: Record<string, unknown> = {}) {
  const event = await createEventAs(t.app, organizer.cookie, placeId, { priceCents: 1200, ...overrides });
  return { id: event.id, occurrence: event.next?.startsAt as string };
}
const checkout = (game: { id: string; occurrence: string }, who: User, friends = 0) =>
  call('POST', `/api/events/${game.id}/checkout`, who.cookie, { occurrenceStartsAt: game.occurrence, friends });

/** The local Checkout page's Pay button; where it sends the browser. */
const pay = (url: string) => payOnLocalCheckout(t.app, url);

/** Joins and pays: the payment row afterwards. */
async function joinAndPay(game: { id: string; occurrence: string }, who: User, friends = 0) {
  const reply = (await checkout(game, who, friends)).json();
  expect(reply.outcome).toBe('checkout');
  await pay(reply.url);
  return paymentRow(reply.paymentId);
}

const paymentRow = (id: string) => paymentRowOf(t.db, id);
const partiesOf = (eventId: string) => t.db.select().from(eventParties).where(eq(eventParties.eventId, eventId));
const leaveGame = (game: { id: string; occurrence: string }, who: User) =>
  call('DELETE', `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`, who.cookie);
const hoursBefore = (game: { occurrence: string }, hours: number) =>
  new Date(new Date(game.occurrence).getTime() - hours * 60 * 60 * 1000);
const refund = (paymentId: string, who: User, amountCents?: number) =>
  call('POST', `/api/paid-games/payments/${paymentId}/refund`, who.cookie, amountCents ? { amountCents } : {});

describe('who can take payment for a game', () => {
  it('a price needs a connected account that can take charges; until then the form is refused beside the field', async () => {
    const response = await call('POST', '/api/events', stranger.cookie, eventBodyFor(placeId, { priceCents: 500 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.priceCents).toEqual([priceNeedsStripeMessage]);
    // Free stays free for anyone.
    expect((await call('POST', '/api/events', stranger.cookie, eventBodyFor(placeId))).statusCode).toBe(201);
  });

  it('a priced game whose organizer has no charge-enabled account cannot be joined for money, and says so', async () => {
    const event = await insertEvent(t.db, { creatorId: stranger.user.id, placeId, priceCents: 800 });
    const occurrence = event.startsAt.toISOString();
    const reply = await checkout({ id: event.id, occurrence }, player);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(organizerCannotTakePaymentsMessage);
    expect(await partiesOf(event.id)).toHaveLength(0);
  });

  it('the free join is refused on a paid game: players go through Checkout, guests must sign in', async () => {
    const game = await paidGame();
    const free = await call('POST', `/api/events/${game.id}/parties`, player.cookie, {
      occurrenceStartsAt: game.occurrence,
    });
    expect(free.statusCode).toBe(409);
    expect(free.json().error.message).toBe(paidJoinNeedsCheckoutMessage);
    const guest = await call('POST', `/api/events/${game.id}/parties`, '', {
      occurrenceStartsAt: game.occurrence,
      guest: { name: 'Guest Payer', email: 'guest-payer@example.com' },
    });
    expect(guest.statusCode).toBe(409);
    expect(guest.json().error.message).toBe(guestsCannotPayMessage);
    expect((await checkout(game, { ...player, cookie: '' })).statusCode).toBe(401);
  });
});

describe('paying for a spot', () => {
  it('holds the spot during Checkout, confirms it by the webhook, with a receipt number', async () => {
    const game = await paidGame({ slots: 3 });
    const response = await checkout(game, player, 1);
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply).toMatchObject({ outcome: 'checkout' });
    expect(reply.url).toMatch(/\/local-stripe\/checkout\/cs_test_/);
    // Held: counts against the spots, not yet "going".
    const [held] = await partiesOf(game.id);
    expect(held).toMatchObject({ status: 'held', partySize: 2 });
    const pending = await paymentRow(reply.paymentId);
    expect(pending).toMatchObject({
      kind: 'event',
      status: 'pending',
      quantity: 2,
      amountCents: 2400,
      payeeUserId: organizer.user.id,
      payerUserId: player.user.id,
      payerEmail: player.user.email,
      partyId: held?.id,
      receiptNumber: null,
    });
    const session = await t.payments.stripe.checkout.sessions.retrieve(pending.stripeCheckoutSessionId!);
    expect(session).toMatchObject({ mode: 'payment', currency: 'usd', amount_total: 2400 });
    const page = await call('GET', new URL(reply.url).pathname);
    expect(page.body).toContain('$24.00');
    // The payer sees their held spot; it is not "going" yet.
    const whileHeld = (await call('GET', `/api/events/${game.id}`, player.cookie)).json();
    expect(whileHeld.myParty).toMatchObject({ status: 'held', partySize: 2 });
    expect(whileHeld.joiners).toEqual([]);
    expect(whileHeld.rsvpSlots).toBe(1);
    // A second press goes back to the same Checkout.
    expect((await checkout(game, player, 1)).json().url).toBe(reply.url);
    const bySession = `/api/paid-games/payments/by-session?sessionId=${session.id}`;
    expect((await call('GET', bySession, player.cookie)).json().payment.status).toBe('pending');

    const back = await pay(reply.url);
    expect(back).toBe(`http://localhost:3000/payment-success?redirect_status=succeeded&session_id=${session.id}`);
    const paid = await paymentRow(reply.paymentId);
    expect(paid.status).toBe('paid');
    expect(paid.receiptNumber).toMatch(/^HDL-\d{6}$/);
    expect(paid.stripePaymentIntentId).toMatch(/^pi_/);
    expect(paid.paidAt).not.toBeNull();
    const [joined] = await partiesOf(game.id);
    expect(joined?.status).toBe('joined');
    const read = (await call('GET', bySession, player.cookie)).json().payment;
    expect(read).toMatchObject({ status: 'paid', receiptNumber: paid.receiptNumber, amountCents: 2400 });
    // Someone else's payment does not exist for them.
    expect((await call('GET', bySession, stranger.cookie)).statusCode).toBe(404);
    const event = (await call('GET', `/api/events/${game.id}`, player.cookie)).json();
    expect(event.event.viewerStatus).toEqual({ kind: 'going' });
  });

  it('fifty payers at once for the last spot: one holds it, the others are waitlisted; never two', async () => {
    const game = await paidGame({ slots: 1 });
    const replies = await Promise.all(pool.slice(0, 50).map((who) => checkout(game, who)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    const outcomes = replies.map((reply) => reply.json().outcome);
    expect(outcomes.filter((outcome) => outcome === 'checkout')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'waitlisted')).toHaveLength(49);
    const parties = await partiesOf(game.id);
    expect(parties.filter((party) => party.status === 'held')).toHaveLength(1);
    const pendings = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.eventId, game.id), eq(payments.status, 'pending')));
    expect(pendings).toHaveLength(1);
  });

  it('the completion replayed twenty times at once confirms the spot once, with one receipt', async () => {
    const game = await paidGame();
    const payment = await joinAndPay(game, player);
    const local = t.payments.localStripe!.context();
    const session = await local.store.find('checkout.session', payment.stripeCheckoutSessionId!);
    await Promise.all(Array.from({ length: 20 }, () => local.emit('checkout.session.completed', session!)));
    const after = await paymentRow(payment.id);
    expect(after).toMatchObject({ status: 'paid', receiptNumber: payment.receiptNumber });
    expect((await partiesOf(game.id)).map((party) => party.status)).toEqual(['joined']);
  });

  it('an unpaid Checkout that expires releases the spot to the waitlist', async () => {
    const game = await paidGame({ slots: 1 });
    const first = (await checkout(game, pool[0]!)).json();
    const second = (await checkout(game, pool[1]!)).json();
    expect(second.outcome).toBe('waitlisted');
    clock.advance(32 * 60 * 1000);
    await t.jobs.runScheduled(expireLocalCheckoutJob);
    expect((await paymentRow(first.paymentId)).status).toBe('expired');
    const parties = await partiesOf(game.id);
    expect(parties).toHaveLength(1);
    // The waiting player is offered the spot, to claim through Checkout.
    expect(parties[0]).toMatchObject({ userId: pool[1]!.user.id, status: 'offered' });
    expect((await call('POST', new URL(first.url).pathname, '', undefined)).statusCode).toBeLessThan(500);
  });

  it('Cancel on Checkout releases the spot; only the payer can cancel their Checkout', async () => {
    const game = await paidGame({ slots: 1 });
    const reply = (await checkout(game, player)).json();
    const cancel = (who: User) => call('POST', `/api/paid-games/payments/${reply.paymentId}/cancel`, who.cookie);
    expect((await cancel(stranger)).statusCode).toBe(404);
    expect((await partiesOf(game.id)).map((party) => party.status)).toEqual(['held']);
    const response = await cancel(player);
    expect(response.statusCode).toBe(200);
    expect(response.json().payment.status).toBe('expired');
    expect(await partiesOf(game.id)).toHaveLength(0);
    // The spot is free again.
    expect((await checkout(game, stranger)).json().outcome).toBe('checkout');
  });

  it('leaving while Checkout is open (Cancel payment) releases the spot and ends the Checkout', async () => {
    const game = await paidGame({ slots: 1 });
    const reply = (await checkout(game, pool[23]!)).json();
    const leave = await call(
      'DELETE',
      `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`,
      pool[23]!.cookie,
    );
    expect(leave.statusCode).toBe(200);
    expect(await partiesOf(game.id)).toHaveLength(0);
    const payment = await paymentRow(reply.paymentId);
    expect(payment.status).toBe('expired');
    const session = await t.payments.stripe.checkout.sessions.retrieve(payment.stripeCheckoutSessionId!);
    expect(session.status).toBe('expired');
  });

  it('a paid waitlist offer is claimed through Checkout; the free claim is refused', async () => {
    const game = await paidGame({ slots: 1 });
    const first = await joinAndPay(game, pool[2]!);
    const waiting = (await checkout(game, pool[3]!)).json();
    expect(waiting.outcome).toBe('waitlisted');
    const leave = await call(
      'DELETE',
      `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`,
      pool[2]!.cookie,
    );
    expect(leave.statusCode).toBe(200);
    expect((await paymentRow(first.id)).status).toBe('refunded');
    const partyId = waiting.party.id as string;
    const [offered] = await partiesOf(game.id);
    expect(offered).toMatchObject({ id: partyId, status: 'offered' });
    const free = await call('POST', `/api/events/${game.id}/parties/${partyId}/claim`, pool[3]!.cookie);
    expect(free.json().error.message).toBe(paidJoinNeedsCheckoutMessage);
    const claimUrl = `/api/events/${game.id}/parties/${partyId}/checkout`;
    expect((await call('POST', claimUrl, stranger.cookie)).statusCode).toBe(403);
    const claim = (await call('POST', claimUrl, pool[3]!.cookie)).json();
    expect(claim.outcome).toBe('checkout');
    expect((await partiesOf(game.id))[0]?.status).toBe('held');
    await pay(claim.url);
    expect((await partiesOf(game.id))[0]?.status).toBe('joined');
    expect((await paymentRow(claim.paymentId)).status).toBe('paid');
  });
});

describe('refunds (decision 033)', () => {
  it('leaving more than 24 hours before the start refunds in full; later, nothing', async () => {
    const game = await paidGame();
    const early = await joinAndPay(game, pool[4]!);
    const late = await joinAndPay(game, pool[5]!);
    const leave = (who: User) =>
      call(
        'DELETE',
        `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`,
        who.cookie,
      );
    expect((await leave(pool[4]!)).statusCode).toBe(200);
    expect(await paymentRow(early.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    const intent = await t.payments.stripe.paymentIntents.retrieve(early.stripePaymentIntentId!);
    expect((intent as unknown as { amount_refunded: number }).amount_refunded).toBe(1200);
    clock.set(new Date(new Date(game.occurrence).getTime() - 23 * 60 * 60 * 1000));
    expect((await leave(pool[5]!)).statusCode).toBe(200);
    expect(await paymentRow(late.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('the organizer refunds in part and in full; parallel refunds never pass what was paid', async () => {
    const game = await paidGame();
    const payment = await joinAndPay(game, pool[6]!, 2);
    expect(payment.amountCents).toBe(3600);
    const partial = await refund(payment.id, organizer, 1000);
    expect(partial.statusCode).toBe(200);
    expect(partial.json().payment).toMatchObject({ status: 'partially_refunded', refundedCents: 1000 });
    const tooMuch = await refund(payment.id, organizer, 2601);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toHaveProperty('amountCents');
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => refund(payment.id, organizer)),
      ...Array.from({ length: 10 }, () => refund(payment.id, organizer, 700)),
    ]);
    expect(replies.every((reply) => reply.statusCode < 500)).toBe(true);
    const after = await paymentRow(payment.id);
    expect(after.refundedCents).toBeLessThanOrEqual(3600);
    const intent = await t.payments.stripe.paymentIntents.retrieve(payment.stripePaymentIntentId!);
    expect((intent as unknown as { amount_refunded: number }).amount_refunded).toBe(after.refundedCents);
    const ok = replies.filter((reply) => reply.statusCode === 200).map((reply) => reply.json().payment.refundedCents);
    expect(Math.max(...ok)).toBe(after.refundedCents);
    // The rest, then nothing is left.
    if (after.refundedCents < 3600) expect((await refund(payment.id, organizer)).statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedCents: 3600 });
    expect((await refund(payment.id, organizer)).statusCode).toBe(409);
  });

  it('nobody but the game organizers refunds or lists payments: the payer 403, a stranger of a team game 404', async () => {
    const game = await paidGame();
    const payment = await joinAndPay(game, pool[7]!);
    expect((await refund(payment.id, pool[7]!)).statusCode).toBe(403);
    expect((await refund(payment.id, stranger)).statusCode).toBe(403);
    expect((await refund(payment.id, { ...stranger, cookie: '' })).statusCode).toBe(401);
    expect((await refund('00000000-0000-4000-8000-000000000000', organizer)).statusCode).toBe(404);
    const list = (who: User) => call('GET', `/api/events/${game.id}/payments`, who.cookie);
    expect((await list(pool[7]!)).statusCode).toBe(403);
    const listed = await list(organizer);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().payments.map((row: { id: string }) => row.id)).toEqual([payment.id]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('cancelling the game refunds every paid party, and ends an open Checkout', async () => {
    const game = await paidGame();
    const a = await joinAndPay(game, pool[8]!);
    const b = await joinAndPay(game, pool[9]!, 1);
    const open = (await checkout(game, pool[10]!)).json();
    const response = await call('POST', `/api/events/${game.id}/cancel`, organizer.cookie);
    expect(response.statusCode).toBeLessThan(300);
    expect(await paymentRow(a.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    expect(await paymentRow(b.id)).toMatchObject({ status: 'refunded', refundedCents: 2400 });
    expect((await paymentRow(open.paymentId)).status).toBe('expired');
  });

  it('cancelling one date of a series refunds that date only', async () => {
    const game = await paidGame({ repeat: { weekdays: [2], until: null, count: 3 } });
    const second = new Date(new Date(game.occurrence).getTime() + 7 * 86_400_000).toISOString();
    const first = await joinAndPay(game, pool[11]!);
    const other = await joinAndPay({ id: game.id, occurrence: second }, pool[11]!);
    const response = await call('POST', `/api/events/${game.id}/occurrences/cancel`, organizer.cookie, {
      occurrenceStartsAt: game.occurrence,
    });
    expect(response.statusCode).toBeLessThan(300);
    expect((await paymentRow(first.id)).status).toBe('refunded');
    expect((await paymentRow(other.id)).status).toBe('paid');
  });

  it('an edit that takes dates off a series refunds what was paid for them, in full and once (decision 039)', async () => {
    const series = { priceCents: 1200, repeat: { weekdays: [2], until: null, count: 4 } };
    const game = await paidGame(series);
    const date = (week: number) => ({
      id: game.id,
      occurrence: new Date(new Date(game.occurrence).getTime() + week * 7 * 86_400_000).toISOString(),
    });
    const kept = await joinAndPay(date(0), pool[32]!);
    const second = await joinAndPay(date(2), pool[33]!, 1);
    const third = await joinAndPay(date(3), pool[34]!);
    const open = (await checkout(date(3), pool[35]!)).json();
    expect(open.outcome).toBe('checkout');

    // Two dates left: the third and fourth are dropped with their people.
    const edited = await call(
      'PUT',
      `/api/events/${game.id}`,
      organizer.cookie,
      eventBodyFor(placeId, { ...series, repeat: { ...series.repeat, count: 2 } }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await paymentRow(second.id)).toMatchObject({ status: 'refunded', refundedCents: 2400 });
    expect(await paymentRow(third.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    expect(await paymentRow(kept.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect((await paymentRow(open.paymentId)).status).toBe('expired');

    // The job retried, ten times at once: nothing more is refunded, here or at Stripe.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.jobs.send(paidGameCancelledJob, { eventId: game.id, occurrenceStartsAt: date(2).occurrence }),
      ),
    );
    expect(await paymentRow(second.id)).toMatchObject({ status: 'refunded', refundedCents: 2400 });
    const intent = await t.payments.stripe.paymentIntents.retrieve(second.stripePaymentIntentId!);
    expect((intent as unknown as { amount_refunded: number }).amount_refunded).toBe(2400);
  });
});

describe('a one-off paid game that moves (decision 039)', () => {
  it('keeps its payments with its people: leaving the moved game in time refunds in full', async () => {
    const game = await paidGame();
    const paid = await joinAndPay(game, pool[37]!);
    const edited = await call(
      'PUT',
      `/api/events/${game.id}`,
      organizer.cookie,
      eventBodyFor(placeId, { priceCents: 1200, startLocal: '2030-06-06T18:00', endLocal: '2030-06-06T20:00' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = { id: game.id, occurrence: edited.json().next.startsAt as string };
    expect(moved.occurrence).not.toBe(game.occurrence);
    expect((await paymentRow(paid.id)).occurrenceStartsAt?.toISOString()).toBe(moved.occurrence);
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    // Three days before the new start: in time.
    expect((await leaveGame(moved, pool[37]!)).statusCode).toBe(200);
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
  });
});

describe('refunds made in the Stripe dashboard (decision 039)', () => {
  /** A signed delivery to the webhook endpoint, as Stripe (or the local provider) sends it. */
  async function deliver(event: object) {
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

  it('are read back once from charge.refunded; Huddle’s own refunds are not counted twice', async () => {
    const game = await paidGame();
    const paid = await joinAndPay(game, pool[36]!);
    const intentId = paid.stripePaymentIntentId!;
    // The organizer refunds $2 through Huddle: its charge.refunded changes nothing more.
    expect((await refund(paid.id, organizer, 200)).statusCode).toBe(200);
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 200 });

    // $3 more in the dashboard: a refund without Huddle's metadata.
    const outside = await t.payments.stripe.refunds.create({ payment_intent: intentId, amount: 300 });
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 500 });
    // The organizer's list of the game's payments and the payer's invoice say so.
    const listed = (await call('GET', `/api/events/${game.id}/payments`, organizer.cookie)).json().payments;
    expect(listed.find((row: { id: string }) => row.id === paid.id)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 500,
    });
    const invoice = (await call('GET', `/api/invoices/${paid.id}`, pool[36]!.cookie)).json().invoice;
    expect(invoice).toMatchObject({ refundedCents: 500 });

    // Its event replayed 20 times at once, and 20 other events about the same charge: still once.
    const { data } = await t.payments.stripe.events.list({ type: 'charge.refunded', limit: 100 });
    const event = data.find(
      (candidate) => (candidate.data.object as { payment_intent?: string }).payment_intent === intentId,
    )!;
    expect(event).toBeDefined();
    const replies = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(event)),
      ...Array.from({ length: 20 }, (_, index) => deliver({ ...event, id: `${event.id}_again_${index}` })),
    ]);
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 500 });
    const recorded = await t.db
      .select()
      .from(paymentOutsideRefunds)
      .where(eq(paymentOutsideRefunds.paymentId, paid.id));
    expect(recorded).toEqual([expect.objectContaining({ stripeRefundId: outside.id, amountCents: 300 })]);

    // The rest in the dashboard: refunded in full; Huddle has nothing left to refund.
    await t.payments.stripe.refunds.create({ payment_intent: intentId });
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    expect((await refund(paid.id, organizer)).statusCode).toBe(409);
  });
});

describe('refund policy per event (decision 035)', () => {
  it('is stored with the event, defaults to 24 hours and no refund, and refuses a deadline not offered', async () => {
    const plain = await paidGame();
    const view = (await call('GET', `/api/events/${plain.id}`, player.cookie)).json();
    expect(view.event.refundPolicy).toEqual({ deadlineHours: 24, afterDeadline: 'none' });
    const credit = await paidGame({ refundDeadlineHours: 2, refundAfterDeadline: 'credit' });
    const creditView = (await call('GET', `/api/events/${credit.id}`, player.cookie)).json();
    expect(creditView.event.refundPolicy).toEqual({ deadlineHours: 2, afterDeadline: 'credit' });
    const odd = await call('POST', '/api/events', organizer.cookie, eventBodyFor(placeId, { refundDeadlineHours: 5 }));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.fields).toHaveProperty('refundDeadlineHours');
    const edited = await call(
      'PUT',
      `/api/events/${plain.id}`,
      organizer.cookie,
      eventBodyFor(placeId, { priceCents: 1200, refundDeadlineHours: 168, refundAfterDeadline: 'credit' }),
    );
    expect(edited.statusCode).toBe(200);
    const after = (await call('GET', `/api/events/${plain.id}`, player.cookie)).json();
    expect(after.event.refundPolicy).toEqual({ deadlineHours: 168, afterDeadline: 'credit' });
  });

  it("leaving follows the event's deadline: 2 hours refunds at 3 hours before, not at 1", async () => {
    const game = await paidGame({ refundDeadlineHours: 2 });
    const early = await joinAndPay(game, pool[24]!);
    const late = await joinAndPay(game, pool[25]!);
    clock.set(hoursBefore(game, 3));
    expect((await leaveGame(game, pool[24]!)).statusCode).toBe(200);
    expect(await paymentRow(early.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
    clock.set(hoursBefore(game, 1));
    expect((await leaveGame(game, pool[25]!)).statusCode).toBe(200);
    expect(await paymentRow(late.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('no deadline (0) refunds leaving any time before the start', async () => {
    const game = await paidGame({ refundDeadlineHours: 0 });
    const payment = await joinAndPay(game, pool[26]!);
    clock.set(hoursBefore(game, 0.1));
    expect((await leaveGame(game, pool[26]!)).statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedCents: 1200 });
  });
});

describe('credit with the organizer (decision 035)', () => {
  const viewOf = async (game: { id: string }, who: User) =>
    (await call('GET', `/api/events/${game.id}`, who.cookie)).json().event;
  const creditEntries = (paymentId: string) =>
    t.db.select().from(paymentCreditEntries).where(eq(paymentCreditEntries.paymentId, paymentId));
  const balanceOf = async (who: User) => {
    const [row] = await t.db
      .select()
      .from(paymentCredits)
      .where(and(eq(paymentCredits.payerUserId, who.user.id), eq(paymentCredits.payeeUserId, organizer.user.id)));
    return row?.balanceCents ?? 0;
  };

  /** The player pays for a "credit" game and leaves it an hour before: what they paid becomes credit. */
  async function earnCredit(who: User, cents: number) {
    const game = await paidGame({ priceCents: cents, refundAfterDeadline: 'credit' });
    const payment = await joinAndPay(game, who);
    clock.set(hoursBefore(game, 1));
    expect((await leaveGame(game, who)).statusCode).toBe(200);
    clock.set(start);
    return payment;
  }

  it('leaving a credit game late gives credit, once, that the event page shows and Stripe never refunds', async () => {
    const payment = await earnCredit(pool[27]!, 1000);
    const after = await paymentRow(payment.id);
    expect(after).toMatchObject({ status: 'paid', refundedCents: 0, creditedCents: 1000 });
    expect(await balanceOf(pool[27]!)).toBe(1000);
    // The job run again (a retry) changes nothing.
    await t.jobs.send(paidGameLeftJob, {
      eventId: payment.eventId,
      occurrenceStartsAt: payment.occurrenceStartsAt!.toISOString(),
      userId: pool[27]!.user.id,
      leftAt: hoursBefore({ occurrence: payment.occurrenceStartsAt!.toISOString() }, 1).toISOString(),
      policy: { deadlineHours: 24, afterDeadline: 'credit' },
    });
    expect(await balanceOf(pool[27]!)).toBe(1000);
    expect(await creditEntries(payment.id)).toHaveLength(1);
    // Already given back as credit: the organizer cannot refund it on top.
    expect((await refund(payment.id, organizer)).statusCode).toBe(409);
    const next = await paidGame({ priceCents: 600 });
    expect((await viewOf(next, pool[27]!)).viewerCreditCents).toBe(1000);
    expect((await viewOf(next, stranger)).viewerCreditCents).toBe(0);
  });

  it('the next Checkout spends the credit first: covered in full, no Checkout; the rest reduces the charge', async () => {
    await earnCredit(pool[28]!, 1000);
    const covered = await paidGame({ priceCents: 600 });

    const free = (await checkout(covered, pool[28]!)).json();
    expect(free.outcome).toBe('paid');
    expect(await paymentRow(free.paymentId)).toMatchObject({ status: 'paid', amountCents: 0, creditAppliedCents: 600 });
    expect((await partiesOf(covered.id)).map((party) => party.status)).toEqual(['joined']);
    expect((await paymentRow(free.paymentId)).receiptNumber).toMatch(/^HDL-/);
    const reduced = await paidGame({ priceCents: 1000 });
    const payment = await joinAndPay(reduced, pool[28]!);
    expect(payment).toMatchObject({ status: 'paid', amountCents: 600, creditAppliedCents: 400 });
    const intent = await t.payments.stripe.paymentIntents.retrieve(payment.stripePaymentIntentId!);
    expect(intent.amount).toBe(600);
    expect(await balanceOf(pool[28]!)).toBe(0);
    // The completion replayed twenty times at once spends and credits nothing more.
    const local = t.payments.localStripe!.context();
    const session = await local.store.find('checkout.session', payment.stripeCheckoutSessionId!);
    await Promise.all(Array.from({ length: 20 }, () => local.emit('checkout.session.completed', session!)));
    expect(await balanceOf(pool[28]!)).toBe(0);
    expect((await creditEntries(payment.id)).map((entry) => entry.amountCents)).toEqual([-400]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', receiptNumber: payment.receiptNumber });
  });

  it('twenty joins of different games at once never spend more than the balance', async () => {
    await earnCredit(pool[29]!, 2500);
    const games = [];
    for (let index = 0; index < 20; index += 1) games.push(await paidGame({ priceCents: 1000 }));
    const replies = await Promise.all(games.map((game) => checkout(game, pool[29]!)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const rows = await Promise.all(replies.map((reply) => paymentRow(reply.json().paymentId)));
    const spent = rows.reduce((sum, row) => sum + row.creditAppliedCents, 0);
    expect(spent).toBe(2500);
    expect(await balanceOf(pool[29]!)).toBe(0);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(2);
    // Each payment is charged exactly what credit did not cover.
    for (const row of rows) expect(row.amountCents + row.creditAppliedCents).toBe(1000);
  });

  it('credit spent on a Checkout that is cancelled or expires comes back exactly once', async () => {
    await earnCredit(pool[30]!, 500);
    const game = await paidGame({ priceCents: 1200 });
    const reply = (await checkout(game, pool[30]!)).json();
    expect(await paymentRow(reply.paymentId)).toMatchObject({ amountCents: 700, creditAppliedCents: 500 });
    expect(await balanceOf(pool[30]!)).toBe(0);
    const local = t.payments.localStripe!.context();
    const session = await local.store.find(
      'checkout.session',
      (await paymentRow(reply.paymentId)).stripeCheckoutSessionId!,
    );
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call('POST', `/api/paid-games/payments/${reply.paymentId}/cancel`, pool[30]!.cookie),
      ),
      ...Array.from({ length: 10 }, () => local.emit('checkout.session.expired', session!)),
    ]);
    expect((await paymentRow(reply.paymentId)).status).toBe('expired');
    expect(await balanceOf(pool[30]!)).toBe(500);
    const other = await paidGame({ priceCents: 1200 });
    const second = (await checkout(other, pool[30]!)).json();
    clock.advance(32 * 60 * 1000);
    await t.jobs.runScheduled(expireLocalCheckoutJob);
    await t.jobs.runScheduled(expireLocalCheckoutJob);
    expect((await paymentRow(second.paymentId)).status).toBe('expired');
    expect(await balanceOf(pool[30]!)).toBe(500);
  });

  it('cancelling a game refunds the charge and gives back the credit it spent', async () => {
    await earnCredit(pool[31]!, 1500);
    const covered = await paidGame({ priceCents: 1000 });
    const free = (await checkout(covered, pool[31]!)).json();
    const part = await paidGame({ priceCents: 1000 });
    const paid = await joinAndPay(part, pool[31]!);
    expect(paid).toMatchObject({ amountCents: 500, creditAppliedCents: 500 });
    expect((await call('POST', `/api/events/${covered.id}/cancel`, organizer.cookie)).statusCode).toBeLessThan(300);
    expect((await call('POST', `/api/events/${part.id}/cancel`, organizer.cookie)).statusCode).toBeLessThan(300);
    expect(await paymentRow(free.paymentId)).toMatchObject({ status: 'refunded' });
    expect(await paymentRow(paid.id)).toMatchObject({ status: 'refunded', refundedCents: 500 });
    expect(await balanceOf(pool[31]!)).toBe(1500);
  });
});

describe('paid seasons', () => {
  /** A published season of a new team of the organizer, $40, registration open now (the test clock). */
  async function paidSeason(capacity: number | null = null) {
    const team = await createTeamAs(t.app, organizer.cookie);
    const response = await call('POST', `/api/teams/${team.id}/seasons`, organizer.cookie, {
      label: 'Autumn 2030',
      startsOn: '2030-09-01',
      endsOn: '2030-11-30',
      registrationOpensAt: '2030-01-01T00:00:00Z',
      registrationClosesAt: '2030-08-31T23:00:00Z',
      capacity,
      feeCents: 4000,
      status: 'published',
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const seasonCheckout = (seasonId: string, who: User) => call('POST', `/api/seasons/${seasonId}/checkout`, who.cookie);
  const registrationsOf = (seasonId: string) =>
    t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));

  it('registering goes through Checkout: pending until paid, then approved with a receipt', async () => {
    const seasonId = await paidSeason();
    const free = await call('POST', `/api/seasons/${seasonId}/registrations`, player.cookie, {});
    expect(free.statusCode).toBe(409);
    expect(free.json().error.message).toBe(paidSeasonNeedsCheckoutMessage);
    const reply = (await seasonCheckout(seasonId, player)).json();
    expect(reply.outcome).toBe('checkout');
    const [pending] = await registrationsOf(seasonId);
    expect(pending).toMatchObject({ userId: player.user.id, status: 'pending' });
    expect(await paymentRow(reply.paymentId)).toMatchObject({
      kind: 'season',
      status: 'pending',
      amountCents: 4000,
      seasonId,
      registrationId: pending?.id,
      payeeUserId: organizer.user.id,
    });
    // Again while Checkout is open: the same Checkout.
    expect((await seasonCheckout(seasonId, player)).json().url).toBe(reply.url);
    await pay(reply.url);
    expect((await registrationsOf(seasonId))[0]?.status).toBe('approved');
    const paid = await paymentRow(reply.paymentId);
    expect(paid.status).toBe('paid');
    expect(paid.receiptNumber).toMatch(/^HDL-\d{6}$/);
    expect((await seasonCheckout(seasonId, player)).statusCode).toBe(409);
  });

  it('ten payers at once for the last place: one Checkout, the others told it is full; expiry frees it', async () => {
    const seasonId = await paidSeason(1);
    const replies = await Promise.all(pool.slice(12, 22).map((who) => seasonCheckout(seasonId, who)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(9);
    const paymentId = replies.find((reply) => reply.statusCode === 200)!.json().paymentId as string;
    clock.advance(32 * 60 * 1000);
    await t.jobs.runScheduled(expireLocalCheckoutJob);
    expect((await paymentRow(paymentId)).status).toBe('expired');
    expect(await registrationsOf(seasonId)).toHaveLength(0);
    expect((await seasonCheckout(seasonId, pool[22]!)).statusCode).toBe(200);
  });
});
