import { count, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { localStripeObjects } from './local-stripe/local-stripe.schema.ts';
import { expireLocalCheckoutJob } from './payments.routes.ts';
import { stripeProcessedEvents } from './payments.schema.ts';
import { webhookPath } from './stripe-webhook.ts';

/** Decision 029: the SDK against the local provider, the local Checkout page, and webhooks applied once. */
const clock = createManualClock(new Date('2030-03-01T12:00:00Z'));
let t: TestApp;
let stripe: Stripe;
const seen: { type: string; id: string; status: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  stripe = t.payments.stripe;
  for (const type of [
    'checkout.session.completed',
    'checkout.session.expired',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'refund.created',
  ]) {
    t.payments.onStripeEvent(type, async ({ event, object }) => {
      seen.push({ type: event.type, id: String(object.id), status: object.status });
    });
  }
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  seen.length = 0;
  clock.set(new Date('2030-03-01T12:00:00Z'));
});

const paymentSession = (overrides: Stripe.Checkout.SessionCreateParams = {}) =>
  stripe.checkout.sessions.create({
    mode: 'payment',
    success_url: 'http://localhost:3000/payment-success?session={CHECKOUT_SESSION_ID}&redirect_status=succeeded',
    cancel_url: 'http://localhost:3000/events/x',
    line_items: [
      { quantity: 2, price_data: { currency: 'usd', unit_amount: 1250, product_data: { name: 'Pickup soccer' } } },
    ],
    payment_intent_data: {
      metadata: { eventId: 'x' },
      application_fee_amount: 100,
      transfer_data: { destination: 'acct_123' },
    },
    ...overrides,
  });

const press = (sessionId: string, action: string, email?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/local-stripe/checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action, ...(email && { email }) }).toString(),
  });

describe('the SDK against the local provider', () => {
  it('is in local mode with no keys', () => {
    expect(t.payments.mode).toBe('local');
  });

  it('creates, retrieves and searches customers by email', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    const created = await stripe.customers.create({ email, name: 'Buyer', metadata: { userId: 'u1' } });
    expect(created.id).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({
      email,
      metadata: { userId: 'u1' },
    });
    expect((await stripe.customers.list({ email })).data.map((c) => c.id)).toEqual([created.id]);
    expect((await stripe.customers.search({ query: `email:'${email}'` })).data.map((c) => c.id)).toEqual([created.id]);
  });

  it('answers Stripe-shaped errors the SDK turns into its error classes', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        success_url: 'http://localhost:3000/x',
        line_items: [{ price: 'price_nope', quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
  });

  it('makes a Checkout session with integer cents and a local Checkout URL', async () => {
    const session = await paymentSession();
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: 2500,
      currency: 'usd',
      payment_status: 'unpaid',
    });
    expect(session.url).toBe(`http://localhost:3000/local-stripe/checkout/${session.id}`);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data).toMatchObject([{ quantity: 2, amount_total: 2500, description: 'Pickup soccer' }]);
  });
});

describe('the local Checkout page', () => {
  it('shows the test-payments marker, the items and the three choices', async () => {
    const session = await paymentSession();
    const page = await t.app.inject({ method: 'GET', url: `/local-stripe/checkout/${session.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payments — no card is charged');
    expect(page.body).toContain('Pickup soccer × 2');
    expect(page.body).toContain('Pay $25.00');
    expect(page.body).toContain('Fail (card declined)');
    expect(page.body).toContain('>Cancel<');
  });

  it('pays once: back to success_url, the completion and payment events delivered and applied', async () => {
    const session = await paymentSession();
    const paid = await press(session.id, 'pay', 'buyer@example.com');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/payment-success?session=${session.id}&redirect_status=succeeded`,
    );
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = await stripe.paymentIntents.retrieve(after.payment_intent as string);
    expect(intent).toMatchObject({
      amount: 2500,
      status: 'succeeded',
      metadata: { eventId: 'x' },
      application_fee_amount: 100,
      transfer_data: { destination: 'acct_123' },
    });
    expect(seen).toEqual([
      { type: 'checkout.session.completed', id: session.id, status: 'complete' },
      { type: 'payment_intent.succeeded', id: intent.id, status: 'succeeded' },
    ]);
    // A second press (a double click, the back button) cannot pay again.
    expect((await press(session.id, 'pay')).statusCode).toBe(409);
    expect(seen).toHaveLength(2);
  });

  it('completes a session once when Pay is pressed many times at once', async () => {
    const session = await paymentSession();
    const replies = await Promise.all(Array.from({ length: 8 }, () => press(session.id, 'pay')));
    expect(replies.filter((reply) => reply.statusCode === 303)).toHaveLength(1);
    expect(seen.filter((event) => event.type === 'checkout.session.completed')).toHaveLength(1);
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const intents = await t.db
      .select({ n: count() })
      .from(localStripeObjects)
      .where(eq(localStripeObjects.id, intentId));
    expect(intents[0]?.n).toBe(1);
  });

  it('declines on Fail and keeps the session open; Cancel goes back to cancel_url', async () => {
    const session = await paymentSession();
    const failed = await press(session.id, 'fail');
    expect(failed.statusCode).toBe(402);
    expect(failed.body).toContain('Your card was declined.');
    expect(seen.map((event) => event.type)).toEqual(['payment_intent.payment_failed']);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const cancelled = await press(session.id, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('http://localhost:3000/events/x');
  });

  it('expires open sessions past expires_at and emits checkout.session.expired', async () => {
    const session = await paymentSession({ expires_at: Math.floor(clock.now().getTime() / 1000) + 30 * 60 });
    await t.jobs.runScheduled(expireLocalCheckoutJob);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    clock.advance(31 * 60 * 1000);
    await t.jobs.runScheduled(expireLocalCheckoutJob);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect(seen).toContainEqual({ type: 'checkout.session.expired', id: session.id, status: 'expired' });
    expect((await press(session.id, 'pay')).statusCode).toBe(409);
  });

  it('expires a session on request, once', async () => {
    const session = await paymentSession();
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refunds at most what was paid, in parallel too', async () => {
    const session = await paymentSession();
    await press(session.id, 'pay');
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => stripe.refunds.create({ payment_intent: intentId, amount: 1000 })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    // The local provider keeps the refunded total on the payment intent (Stripe keeps it on the charge).
    const refunded = (await stripe.paymentIntents.retrieve(intentId)) as unknown as { amount_refunded: number };
    expect(refunded.amount_refunded).toBe(2000);
  });
});

describe('the webhook endpoint', () => {
  const signedDelivery = async (event: object, secret?: string) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: secret ?? (await t.payments.webhookSecret()),
    });
    return t.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const eventFor = (id: string, object: object) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });

  it('refuses a bad or missing signature with 400 and applies nothing', async () => {
    const event = eventFor('evt_forged', { id: 'cs_forged', object: 'checkout.session', status: 'complete' });
    expect((await signedDelivery(event, 'whsec_somebodyelse')).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(seen).toEqual([]);
  });

  it('refuses an event signed too far in the future with 400 in the error shape, and applies nothing', async () => {
    const event = eventFor(`evt_future_${Date.now()}`, { id: 'cs_future', object: 'checkout.session', status: 'open' });
    const payload = JSON.stringify(event);
    const secret = await t.payments.webhookSecret();
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 301, now + 86_400, 99_999_999_999_999]) {
      const response = await t.app.inject({
        method: 'POST',
        url: webhookPath,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
        },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: 'The Stripe signature does not match.' },
      });
    }
    expect(seen).toEqual([]);
    // Within the tolerance a clock a little ahead is fine, as Stripe allows a little behind.
    const ahead = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now + 60 });
    const accepted = await t.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': ahead },
      payload,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('applies one event replayed 100 times in parallel exactly once', async () => {
    const session = await paymentSession();
    const event = eventFor(`evt_replayed_${Date.now()}`, {
      id: session.id,
      object: 'checkout.session',
      status: 'open',
    });
    const replies = await Promise.all(Array.from({ length: 100 }, () => signedDelivery(event)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(replies.filter((reply) => reply.json().duplicate === false)).toHaveLength(1);
    expect(seen).toHaveLength(1);
    const rows = await t.db.select().from(stripeProcessedEvents).where(eq(stripeProcessedEvents.id, event.id));
    expect(rows).toHaveLength(1);
  });

  it('hands handlers the object as it is now, not as the late event says', async () => {
    const session = await paymentSession();
    await press(session.id, 'pay');
    seen.length = 0;
    // An older event (the session still open) arrives after the completion.
    const late = eventFor(`evt_late_${Date.now()}`, { id: session.id, object: 'checkout.session', status: 'open' });
    expect((await signedDelivery(late)).statusCode).toBe(200);
    expect(seen).toEqual([{ type: 'checkout.session.completed', id: session.id, status: 'complete' }]);
  });

  it('rolls the event id back when a handler fails, so the retry applies it', async () => {
    let failures = 1;
    t.payments.onStripeEvent('customer.updated', async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('database hiccup');
      }
    });
    const event = {
      ...eventFor(`evt_retry_${Date.now()}`, { id: 'cus_x', object: 'customer' }),
      type: 'customer.updated',
    };
    expect((await signedDelivery(event)).statusCode).toBe(500);
    const retried = await signedDelivery(event);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: false });
  });
});

describe('with Stripe keys', () => {
  it('uses real Stripe: no local provider or pages, webhooks verified with STRIPE_WEBHOOK_SECRET', async () => {
    const real = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_notreal',
      STRIPE_WEBHOOK_SECRET: 'whsec_configured',
    });
    try {
      expect(real.payments.mode).toBe('stripe');
      expect(real.payments.localStripe).toBeUndefined();
      expect((await real.app.inject({ method: 'GET', url: '/local-stripe/checkout/cs_test_x' })).statusCode).toBe(404);
      const config = (await real.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.paymentsMode).toBe('stripe');
      const payload = JSON.stringify({
        id: 'evt_real_1',
        object: 'event',
        type: 'customer.created',
        created: 1,
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      const deliver = (secret: string) =>
        real.app.inject({
          method: 'POST',
          url: webhookPath,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': real.payments.stripe.webhooks.generateTestHeaderString({ payload, secret }),
          },
          payload,
        });
      expect((await deliver('whsec_other')).statusCode).toBe(400);
      expect((await deliver('whsec_configured')).statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});
