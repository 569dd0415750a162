import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamAs, payOnLocalCheckout, signUpUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { localStripeObjects } from './local-stripe.schema.ts';

/**
 * Issue 30: ten people pressing Pay at once on the local Checkout page wedged the whole server.
 * Each press held a row lock in a transaction on one pool connection and asked the pool for a
 * second one; with every connection held that way, nothing could ever finish. Thirty presses at
 * once, five rounds, on the default pool of ten: every press answered, the server healthy after.
 */
let t: TestApp;
let stripe: Stripe;

beforeAll(async () => {
  t = await createTestApp();
  stripe = t.payments.stripe;
});
afterAll(async () => {
  await t.close();
});

const openCheckout = (mode: 'payment' | 'subscription', priceId?: string) =>
  stripe.checkout.sessions.create({
    mode,
    success_url: 'http://localhost:3000/payment-success?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/events/x',
    line_items:
      mode === 'payment'
        ? [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Pickup soccer' } } }]
        : [{ quantity: 1, price: priceId! }],
  });

const pressPay = (sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/local-stripe/checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: 'pay', email: 'storm@example.com' }).toString(),
  });

describe('a storm of Pay presses on the local Checkout page', () => {
  it('answers 30 presses at once, five rounds running, and stays healthy', async () => {
    for (let round = 0; round < 5; round += 1) {
      const sessions = await Promise.all(Array.from({ length: 30 }, () => openCheckout('payment')));
      const presses = await Promise.all(sessions.map((session) => pressPay(session.id)));
      expect(presses.map((press) => press.statusCode)).toEqual(sessions.map(() => 303));
      const paid = await Promise.all(sessions.map((session) => stripe.checkout.sessions.retrieve(session.id)));
      for (const session of paid) expect(session).toMatchObject({ status: 'complete', payment_status: 'paid' });
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);

  it('answers subscription checkouts pressed at once (their hook makes a customer and a subscription)', async () => {
    // The plans' prices, stored in the local provider at start (subscriptions.local-stripe.ts).
    const [price] = (await stripe.prices.list()).data;
    expect(price).toBeDefined();
    const sessions = await Promise.all(Array.from({ length: 30 }, () => openCheckout('subscription', price!.id)));
    const presses = await Promise.all(sessions.map((session) => pressPay(session.id)));
    expect(presses.map((press) => press.statusCode)).toEqual(sessions.map(() => 303));
    const completed = await Promise.all(sessions.map((session) => stripe.checkout.sessions.retrieve(session.id)));
    const subscriptionIds = completed.map((session) => session.subscription as string);
    expect(new Set(subscriptionIds).size).toBe(30);
    const subscriptions = await Promise.all(subscriptionIds.map((id) => stripe.subscriptions.retrieve(id)));
    for (const subscription of subscriptions) expect(subscription.status).toBe('active');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);

  it('refuses a second press of a paid session, also when both come at once', async () => {
    const storedOf = async (where: object) =>
      (
        await t.db
          .select({ id: localStripeObjects.id })
          .from(localStripeObjects)
          .where(sql`${localStripeObjects.data} @> ${JSON.stringify(where)}::jsonb`)
      ).length;
    const intentsBefore = await storedOf({ object: 'payment_intent' });
    const session = await openCheckout('payment');
    const presses = await Promise.all([pressPay(session.id), pressPay(session.id), pressPay(session.id)]);
    expect(presses.map((press) => press.statusCode).sort()).toEqual([303, 409, 409]);
    // One payment and one completion event, whatever the number of presses.
    expect(await storedOf({ object: 'payment_intent' })).toBe(intentsBefore + 1);
    expect(await storedOf({ type: 'checkout.session.completed', data: { object: { id: session.id } } })).toBe(1);
  });

  it('opens and pays 30 team plans chosen at once (the owner row stays locked while its Checkout is made)', async () => {
    const owners = await Promise.all(Array.from({ length: 30 }, () => signUpUser(t.app)));
    const teamIds = await Promise.all(
      owners.map(async (owner) => (await createTeamAs(t.app, owner.cookie, { visibility: 'private' })).id),
    );
    const choices = await Promise.all(
      owners.map((owner, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/subscriptions',
          headers: { cookie: owner.cookie },
          payload: {
            items: [
              {
                id: teamIds[index],
                name: 'Varsity',
                quantity: 1,
                cost: 999,
                type: 'teams',
                subscriptionPriceId: 'price_huddle_team_varsity_monthly',
                platform: 'gth',
              },
            ],
          },
        }),
      ),
    );
    expect(choices.map((choice) => choice.statusCode)).toEqual(owners.map(() => 200));
    await Promise.all(choices.map((choice) => payOnLocalCheckout(t.app, choice.json().url as string)));
    const states = await Promise.all(
      owners.map(async (owner, index) =>
        (
          await t.app.inject({ url: `/api/teams/${teamIds[index]}/subscription`, headers: { cookie: owner.cookie } })
        ).json(),
      ),
    );
    for (const state of states) expect(state.subscription.active).toBe(true);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);
});
