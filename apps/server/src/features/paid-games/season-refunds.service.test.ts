import { notRefundableMessage } from '@huddle/shared/paid-games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import {
  addressedCall,
  collectMails,
  createEventAs,
  createTeamAs,
  paidGamesTestApp,
  paymentRowOf,
  payOnLocalCheckout,
  type TestUser,
} from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { paymentCreditEntries, paymentCredits } from '../credits/credits.schema.ts';
import { deliverLocalEventJob } from '../payments/local-stripe/local-stripe.ts';
import { paymentOutsideRefunds } from '../payments/payments.schema.ts';
import { registrations } from '../seasons/seasons.schema.ts';

/**
 * Issue 13's money leftovers (decision 043) through the local Stripe: a paid season's withdrawal
 * refunds by the season's rule, an organizer refunds one registration, and refunds made in
 * Stripe's dashboard reach credit and payments not confirmed yet; each once, also when requests,
 * jobs or webhooks come at once.
 */
const start = new Date('2030-06-01T12:00:00Z');
const clock = createManualClock(start);
const { mails, mailer } = collectMails();
type User = TestUser;
let t: TestApp;
let placeId: string;
let organizer: User, stranger: User;
let pool: User[];
/** While set, the local provider's events wait here instead of reaching the webhook. */
let heldEvents: string[] | undefined;

beforeAll(async () => {
  let people: User[];
  ({ t, placeId, users: people } = await paidGamesTestApp({ clock, mailer, people: 40 }));
  [organizer, stranger] = people as [User, User];
  pool = people.slice(2);
  // The same delivery as the app's (signed, to the webhook), which a test can hold back to send
  // Stripe's events in another order.
  t.jobs.define<{ eventId: string }>(deliverLocalEventJob, async ({ eventId }) => {
    if (heldEvents) {
      heldEvents.push(eventId);
      return;
    }
    const reply = await deliver(await storedEvent(eventId));
    if (reply.statusCode >= 300) throw new Error(`webhook answered ${reply.statusCode}`);
  });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(start);
  heldEvents = undefined;
});

const call = addressedCall(() => t.app);

const storedEvent = async (eventId: string) => (await t.payments.localStripe!.context().store.find('event', eventId))!;

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

const paymentRow = (id: string) => paymentRowOf(t.db, id);
const registrationsOf = (seasonId: string) =>
  t.db.select().from(registrations).where(eq(registrations.seasonId, seasonId));
const refundsOf = async (intentId: string) =>
  (await t.payments.stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data;

/** A published $40 season of a new team of the organizer, open now, its first session on 3 September. */
async function paidSeason() {
  const team = await createTeamAs(t.app, organizer.cookie);
  const response = await call('POST', `/api/teams/${team.id}/seasons`, organizer.cookie, {
    label: 'Autumn 2030',
    startsOn: '2030-09-01',
    endsOn: '2030-11-30',
    registrationOpensAt: '2030-01-01T00:00:00Z',
    registrationClosesAt: '2030-08-31T23:00:00Z',
    capacity: null,
    feeCents: 4000,
    status: 'published',
  });
  expect(response.statusCode).toBe(201);
  const seasonId = response.json().id as string;
  const sessions = await call('POST', `/api/seasons/${seasonId}/sessions`, organizer.cookie, {
    title: null,
    startsAt: firstSession.toISOString(),
    durationMinutes: 90,
    repeatWeeklyUntil: '2030-11-30',
  });
  expect(sessions.statusCode).toBe(201);
  return seasonId;
}
const firstSession = new Date('2030-09-03T18:00:00Z');

/** Registers and pays through the local Checkout: the payment row and the registration's id. */
async function registerAndPay(seasonId: string, who: User) {
  const reply = (await call('POST', `/api/seasons/${seasonId}/checkout`, who.cookie)).json();
  expect(reply.outcome).toBe('checkout');
  await payOnLocalCheckout(t.app, reply.url);
  const payment = await paymentRow(reply.paymentId);
  expect(payment.status).toBe('paid');
  return { payment, registrationId: payment.registrationId! };
}
const withdraw = (seasonId: string, registrationId: string, who: User) =>
  call('DELETE', `/api/seasons/${seasonId}/registrations/${registrationId}`, who.cookie);
const refundRegistration = (seasonId: string, registrationId: string, who: User) =>
  call('POST', `/api/seasons/${seasonId}/registrations/${registrationId}/refund`, who.cookie);

describe('withdrawing from a paid season (decision 043)', () => {
  it('before the first session refunds the fee in full, once, however many withdrawals come at once', async () => {
    const seasonId = await paidSeason();
    const player = pool[0]!;
    const { payment, registrationId } = await registerAndPay(seasonId, player);
    clock.set(new Date(firstSession.getTime() - 60 * 60 * 1000));
    const replies = await Promise.all(Array.from({ length: 20 }, () => withdraw(seasonId, registrationId, player)));
    // Those that come after the registration is gone find nothing to withdraw; none refunds again.
    expect(replies.filter((reply) => reply.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(replies.every((reply) => [200, 404].includes(reply.statusCode))).toBe(true);
    expect(await registrationsOf(seasonId)).toHaveLength(0);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    const refunds = await refundsOf(payment.stripePaymentIntentId!);
    expect(refunds.map((refund) => refund.amount)).toEqual([4000]);
    expect(refunds[0]!.metadata).toMatchObject({ huddlePaymentId: payment.id, reason: 'withdrawn' });
  });

  it('after the first session has started keeps the fee; an open Checkout ends and frees the place', async () => {
    const seasonId = await paidSeason();
    const late = pool[1]!;
    const { payment, registrationId } = await registerAndPay(seasonId, late);
    clock.set(new Date(firstSession.getTime() + 60 * 1000));
    expect((await withdraw(seasonId, registrationId, late)).statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect(await refundsOf(payment.stripePaymentIntentId!)).toHaveLength(0);

    clock.set(start);
    const paying = pool[2]!;
    const open = (await call('POST', `/api/seasons/${seasonId}/checkout`, paying.cookie)).json();
    const pending = await paymentRow(open.paymentId);
    expect((await withdraw(seasonId, pending.registrationId!, paying)).statusCode).toBe(200);
    expect((await paymentRow(open.paymentId)).status).toBe('expired');
    const session = await t.payments.stripe.checkout.sessions.retrieve(pending.stripeCheckoutSessionId!);
    expect(session.status).toBe('expired');
  });

  it('while its Checkout is being paid: the payment that completes after the withdrawal is refunded in full', async () => {
    const seasonId = await paidSeason();
    const player = pool[7]!;
    const open = (await call('POST', `/api/seasons/${seasonId}/checkout`, player.cookie)).json();
    const pending = await paymentRow(open.paymentId);
    // Paid at Stripe, its events not delivered yet; meanwhile the player withdraws.
    heldEvents = [];
    await payOnLocalCheckout(t.app, open.url);
    expect((await withdraw(seasonId, pending.registrationId!, player)).statusCode).toBe(200);
    expect((await paymentRow(open.paymentId)).status).toBe('pending');
    const held = await Promise.all(heldEvents.map(storedEvent));
    heldEvents = undefined;
    for (const event of held) expect((await deliver(event)).statusCode).toBe(200);
    const refunded = await paymentRow(open.paymentId);
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    expect((await refundsOf(refunded.stripePaymentIntentId!)).map((refund) => refund.amount)).toEqual([4000]);
    expect(await registrationsOf(seasonId)).toHaveLength(0);
  });

  it('an organizer’s removal keeps the money: refunding is its own action', async () => {
    const seasonId = await paidSeason();
    const { payment, registrationId } = await registerAndPay(seasonId, pool[3]!);
    expect((await withdraw(seasonId, registrationId, organizer)).statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    // Someone else's registration: refused, nothing removed.
    const other = await registerAndPay(seasonId, pool[4]!);
    expect((await withdraw(seasonId, other.registrationId, stranger)).statusCode).toBe(403);
    expect(await registrationsOf(seasonId)).toHaveLength(1);
  });
});

describe('an organizer refunds a season registration (decision 043)', () => {
  it('only the team’s organizers; parallel refunds make one; the registration ends and the player is mailed', async () => {
    const seasonId = await paidSeason();
    const player = pool[5]!;
    const { payment, registrationId } = await registerAndPay(seasonId, player);

    // The player, another person: refused, nothing refunded; the payments list is the organizers' too.
    expect((await refundRegistration(seasonId, registrationId, player)).statusCode).toBe(403);
    expect([403, 404]).toContain((await refundRegistration(seasonId, registrationId, stranger)).statusCode);
    expect([403, 404]).toContain((await call('GET', `/api/seasons/${seasonId}/payments`, stranger.cookie)).statusCode);
    expect((await refundRegistration(seasonId, registrationId, { ...player, cookie: '' })).statusCode).toBe(401);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', refundedCents: 0 });

    const listed = (await call('GET', `/api/seasons/${seasonId}/payments`, organizer.cookie)).json().payments;
    expect(listed).toEqual([expect.objectContaining({ id: payment.id, registrationId, amountCents: 4000 })]);

    mails.length = 0;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => refundRegistration(seasonId, registrationId, organizer)),
    );
    const done = replies.filter((reply) => reply.statusCode === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.json().payment).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    for (const reply of replies.filter((candidate) => candidate.statusCode !== 200)) {
      expect([404, 409]).toContain(reply.statusCode);
    }
    expect((await refundsOf(payment.stripePaymentIntentId!)).map((refund) => refund.amount)).toEqual([4000]);
    expect(await registrationsOf(seasonId)).toHaveLength(0);
    const sent = mails.filter((mail) => mail.to === player.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Refunded: Autumn 2030');
    expect(sent[0]!.text).toContain('refunded your registration in full ($40)');
  });

  it('an unpaid registration has nothing to refund', async () => {
    const seasonId = await paidSeason();
    const open = (await call('POST', `/api/seasons/${seasonId}/checkout`, pool[6]!.cookie)).json();
    const pending = await paymentRow(open.paymentId);
    const reply = await refundRegistration(seasonId, pending.registrationId!, organizer);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(notRefundableMessage);
  });
});

describe('refunds made in the Stripe dashboard (decision 043)', () => {
  const balanceOf = async (who: User) => {
    const [row] = await t.db
      .select()
      .from(paymentCredits)
      .where(and(eq(paymentCredits.payerUserId, who.user.id), eq(paymentCredits.payeeUserId, organizer.user.id)));
    return row?.balanceCents ?? 0;
  };
  const paidGame = async (priceCents: number, refundAfterDeadline: 'none' | 'credit' = 'none') => {
    const event = await createEventAs(t.app, organizer.cookie, placeId, { priceCents, refundAfterDeadline });
    return { id: event.id, occurrence: event.next?.startsAt as string };
  };
  const checkout = async (game: { id: string; occurrence: string }, who: User) =>
    (await call('POST', `/api/events/${game.id}/checkout`, who.cookie, { occurrenceStartsAt: game.occurrence })).json();

  /** Pays for a "credit" game and leaves it an hour before: its $cents become credit. */
  async function earnCredit(who: User, cents: number) {
    const game = await paidGame(cents, 'credit');
    const reply = await checkout(game, who);
    await payOnLocalCheckout(t.app, reply.url);
    clock.set(new Date(new Date(game.occurrence).getTime() - 60 * 60 * 1000));
    const left = await call(
      'DELETE',
      `/api/events/${game.id}/parties/mine?occurrence=${encodeURIComponent(game.occurrence)}`,
      who.cookie,
    );
    expect(left.statusCode).toBe(200);
    clock.set(start);
    return paymentRow(reply.paymentId);
  }

  it('of a payment turned into credit takes the unspent credit back and records what was spent, once', async () => {
    const player = pool[10]!;
    const credited = await earnCredit(player, 1000);
    expect(credited).toMatchObject({ creditedCents: 1000 });
    expect(await balanceOf(player)).toBe(1000);
    // $6 of it spent on the next game, covered by credit alone.
    const spentOn = await checkout(await paidGame(600), player);
    expect(spentOn.outcome).toBe('paid');
    expect(await balanceOf(player)).toBe(400);

    // The organizer refunds $3 of the credited charge in the dashboard: $3 of credit goes.
    const intentId = credited.stripePaymentIntentId!;
    await t.payments.stripe.refunds.create({ payment_intent: intentId, amount: 300 });
    expect(await balanceOf(player)).toBe(100);
    expect(await paymentRow(credited.id)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 300,
      creditedCents: 700,
    });
    // Then the rest ($7): only $1 of credit is left to take back; $6 was spent and is recorded.
    await t.payments.stripe.refunds.create({ payment_intent: intentId });
    expect(await balanceOf(player)).toBe(0);
    expect(await paymentRow(credited.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 1000,
      creditedCents: 600,
    });
    const recorded = await t.db
      .select()
      .from(paymentOutsideRefunds)
      .where(eq(paymentOutsideRefunds.paymentId, credited.id));
    expect(
      recorded
        .map(({ amountCents, creditTakenBackCents, creditUnrecoveredCents }) => ({
          amountCents,
          creditTakenBackCents,
          creditUnrecoveredCents,
        }))
        .sort((a, b) => a.amountCents - b.amountCents),
    ).toEqual([
      { amountCents: 300, creditTakenBackCents: 300, creditUnrecoveredCents: 0 },
      { amountCents: 700, creditTakenBackCents: 100, creditUnrecoveredCents: 600 },
    ]);
    const entries = await t.db
      .select()
      .from(paymentCreditEntries)
      .where(and(eq(paymentCreditEntries.paymentId, credited.id), eq(paymentCreditEntries.reason, 'taken_back')));
    expect(entries.map((entry) => entry.amountCents)).toEqual([-400]);

    // Every charge.refunded of that charge, replayed 20 times at once and under 20 other ids: nothing more.
    const { data } = await t.payments.stripe.events.list({ type: 'charge.refunded', limit: 100 });
    const events = data.filter(
      (event) => (event.data.object as { payment_intent?: string }).payment_intent === intentId,
    );
    expect(events).toHaveLength(2);
    const replies = await Promise.all(
      events.flatMap((event) => [
        ...Array.from({ length: 10 }, () => deliver(event)),
        ...Array.from({ length: 10 }, (_, index) => deliver({ ...event, id: `${event.id}_again_${index}` })),
      ]),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(await balanceOf(player)).toBe(0);
    expect(await paymentRow(credited.id)).toMatchObject({ refundedCents: 1000, creditedCents: 600 });
  });

  it('that arrives before the payment is confirmed is applied by the confirmation', async () => {
    const player = pool[11]!;
    const game = await paidGame(1500);
    const reply = await checkout(game, player);
    // Stripe's events are held back: the player pays, then the organizer refunds $5 in the dashboard.
    heldEvents = [];
    await payOnLocalCheckout(t.app, reply.url);
    const pending = await paymentRow(reply.paymentId);
    expect(pending.status).toBe('pending');
    const session = await t.payments.stripe.checkout.sessions.retrieve(pending.stripeCheckoutSessionId!);
    const intentId = session.payment_intent as string;
    await t.payments.stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    const held = await Promise.all(heldEvents.map(storedEvent));
    heldEvents = undefined;
    const byType = (type: string) => held.filter((event) => event.type === type);

    // charge.refunded first: recorded, the payment still waits for its confirmation.
    for (const event of byType('charge.refunded')) expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentRow(reply.paymentId)).toMatchObject({ status: 'pending', refundedCents: 0 });
    // The completion, twenty times at once: paid with the refund already counted, once.
    const completed = byType('checkout.session.completed');
    expect(completed).toHaveLength(1);
    const replies = await Promise.all(Array.from({ length: 20 }, () => deliver(completed[0]!)));
    expect(replies.every((candidate) => candidate.statusCode === 200)).toBe(true);
    const paid = await paymentRow(reply.paymentId);
    expect(paid).toMatchObject({ status: 'partially_refunded', refundedCents: 500, stripePaymentIntentId: intentId });
    expect(paid.receiptNumber).toMatch(/^HDL-\d{6}$/);
    // The rest of the events, and the organizer's refund of what is left, count from there.
    for (const event of held.filter((candidate) => candidate.type !== 'checkout.session.completed')) {
      await deliver(event);
    }
    expect((await paymentRow(reply.paymentId)).refundedCents).toBe(500);
    const rest = await call('POST', `/api/paid-games/payments/${reply.paymentId}/refund`, organizer.cookie, {});
    expect(rest.json().payment).toMatchObject({ status: 'refunded', refundedCents: 1500 });
    expect((await refundsOf(intentId)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(1500);
  });
});
