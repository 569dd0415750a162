import {
  LocalStripeError,
  invalidParam,
  listOf,
  metadataOf,
  noSuchObject,
  optionalInteger,
  optionalString,
  requiredString,
  type LocalStripe,
  type LocalStripeContext,
  type StripeObject,
} from '../local-stripe.ts';

/** Stripe's default lifetime of a Checkout session: 24 hours (settable from 30 minutes). */
const defaultLifetimeSeconds = 24 * 60 * 60;

export const localCheckoutPath = (sessionId: string) => `/local-stripe/checkout/${sessionId}`;

/**
 * Checkout sessions in mode payment and subscription: create, retrieve, list line items, expire.
 * Paying, failing and abandoning happen on the local Checkout page (local-stripe-pages.ts).
 */
export function registerCheckoutSessions(localStripe: LocalStripe): void {
  localStripe.route('POST', '/v1/checkout/sessions', async ({ body }, context) => {
    const { store, newId, now, publicOrigin } = context;
    const mode = optionalString(body, 'mode') ?? 'payment';
    if (!['payment', 'subscription', 'setup'].includes(mode)) throw invalidParam('mode', `Invalid mode: ${mode}`);
    const successUrl = requiredString(body, 'success_url');
    const cancelUrl = optionalString(body, 'cancel_url') ?? null;
    const lineItems = await lineItemsOf(body.line_items, mode, context);
    if (mode !== 'setup' && lineItems.length === 0)
      throw invalidParam('line_items', 'line_items is required in payment and subscription mode.');
    const currencies = new Set(lineItems.map((item) => item.currency));
    if (currencies.size > 1) throw invalidParam('line_items', 'All line items must use the same currency.');
    const customer = optionalString(body, 'customer');
    if (customer && !(await store.find('customer', customer))) throw noSuchObject('customer', customer, 'customer');
    const created = now();
    const expiresAt = optionalInteger(body, 'expires_at') ?? created + defaultLifetimeSeconds;
    if (expiresAt < created + 30 * 60 - 60 || expiresAt > created + defaultLifetimeSeconds + 60) {
      throw invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
    }
    const id = newId('cs_test');
    const amountTotal = lineItems.reduce((sum, item) => sum + (item.amount_total as number), 0);
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      created,
      expires_at: expiresAt,
      livemode: false,
      url: `${publicOrigin}${localCheckoutPath(id)}`,
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: optionalString(body, 'client_reference_id') ?? null,
      customer: customer ?? null,
      customer_email: optionalString(body, 'customer_email') ?? null,
      customer_details: null,
      currency: lineItems[0]?.currency ?? null,
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      metadata: metadataOf(body.metadata),
      payment_intent: null,
      subscription: null,
      payment_intent_data: paymentIntentDataOf(body.payment_intent_data),
      subscription_data: body.subscription_data ?? null,
      line_items: listOf(`/v1/checkout/sessions/${id}/line_items`, lineItems),
    };
    return store.insert(session);
  });

  localStripe.route('GET', '/v1/checkout/sessions/:id', async ({ params }, { store }) => {
    const session = await store.find('checkout.session', params.id!);
    if (!session) throw noSuchObject('checkout.session', params.id!);
    return session;
  });

  localStripe.route('GET', '/v1/checkout/sessions/:id/line_items', async ({ params }, { store }) => {
    const session = await store.find('checkout.session', params.id!);
    if (!session) throw noSuchObject('checkout.session', params.id!);
    return session.line_items as StripeObject;
  });

  localStripe.route('GET', '/v1/checkout/sessions', async ({ body }, { store }) => {
    const where: Record<string, unknown> = {};
    for (const key of ['customer', 'payment_intent', 'subscription', 'status'] as const) {
      const value = optionalString(body, key);
      if (value) where[key] = value;
    }
    return listOf('/v1/checkout/sessions', await store.list('checkout.session', where));
  });

  localStripe.route('POST', '/v1/checkout/sessions/:id/expire', async ({ params }, context) => {
    const session = await expireCheckoutSession(context, params.id!);
    if (!session) throw noSuchObject('checkout.session', params.id!);
    return session;
  });
}

/**
 * Ends an open session and emits `checkout.session.expired` (Stripe does this at expires_at or on
 * request). Refused with Stripe's error when it is no longer open.
 */
export async function expireCheckoutSession(
  context: LocalStripeContext,
  sessionId: string,
): Promise<StripeObject | undefined> {
  const session = await context.store.update('checkout.session', sessionId, (current) => {
    if (current.status !== 'open') {
      throw new LocalStripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(current.status)}".`,
        undefined,
        'invalid_request_error',
        'checkout_session_not_open',
      );
    }
    return { ...current, status: 'expired', url: null };
  });
  if (session) await context.emit('checkout.session.expired', session);
  return session;
}

/** Open sessions past their expires_at, for the expiry scan. */
export async function dueCheckoutSessions(context: LocalStripeContext): Promise<StripeObject[]> {
  const open = await context.store.list('checkout.session', { status: 'open' }, 1000);
  return open.filter((session) => (session.expires_at as number) <= context.now());
}

/**
 * The local Checkout page's "Pay": completes the session once (under its row lock: a second press
 * is refused), makes the payment intent for mode payment, lets the registered hooks make what
 * their mode needs (a subscription), then emits checkout.session.completed and
 * payment_intent.succeeded, as Stripe does.
 */
export async function completeCheckoutSession(
  context: LocalStripeContext,
  sessionId: string,
  email: string | undefined,
): Promise<StripeObject> {
  const { store, newId, now, emit } = context;
  let intent: StripeObject | undefined;
  const completed = await store.update('checkout.session', sessionId, async (current, within) => {
    if (current.status !== 'open' || (current.expires_at as number) <= now()) {
      throw new LocalStripeError(
        400,
        'This Checkout Session is no longer open.',
        undefined,
        'invalid_request_error',
        'checkout_session_not_open',
      );
    }
    const customerEmail = (current.customer_email as string | null) ?? email ?? null;
    let next: StripeObject = {
      ...current,
      status: 'complete',
      payment_status: current.mode === 'setup' ? 'no_payment_required' : 'paid',
      url: null,
      customer_details: { email: customerEmail, name: null },
    };
    if (current.mode === 'payment') {
      const data = (current.payment_intent_data ?? {}) as Record<string, unknown>;
      intent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: current.amount_total,
        amount_received: current.amount_total,
        amount_refunded: 0,
        currency: current.currency,
        status: 'succeeded',
        created: now(),
        customer: current.customer,
        latest_charge: newId('ch'),
        metadata: data.metadata ?? {},
        application_fee_amount: data.application_fee_amount ?? null,
        transfer_data: data.transfer_data ?? null,
        on_behalf_of: data.on_behalf_of ?? null,
        receipt_email: customerEmail,
        livemode: false,
      };
      await within.store.insert(intent);
      next = { ...next, payment_intent: intent.id };
    }
    for (const hook of context.checkoutCompletedHooks(current.mode as string)) {
      next = { ...next, ...(await hook(next, within)) };
    }
    return next;
  });
  if (!completed) throw noSuchObject('checkout.session', sessionId);
  await emit('checkout.session.completed', completed);
  if (intent) await emit('payment_intent.succeeded', intent);
  return completed;
}

/** The local Checkout page's "Fail": a declined card; the session stays open to try again, as on Stripe. */
export async function declineCheckoutSession(context: LocalStripeContext, sessionId: string): Promise<void> {
  const session = await context.store.find('checkout.session', sessionId);
  if (!session) throw noSuchObject('checkout.session', sessionId);
  if (session.mode !== 'payment') return;
  const data = (session.payment_intent_data ?? {}) as Record<string, unknown>;
  await context.emit('payment_intent.payment_failed', {
    id: context.newId('pi'),
    object: 'payment_intent',
    amount: session.amount_total,
    currency: session.currency,
    status: 'requires_payment_method',
    created: context.now(),
    metadata: data.metadata ?? {},
    last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    livemode: false,
  });
}

function paymentIntentDataOf(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  const data = value as Record<string, unknown>;
  const fee = optionalInteger(data, 'application_fee_amount');
  const transfer = data.transfer_data as Record<string, unknown> | undefined;
  return {
    metadata: metadataOf(data.metadata),
    application_fee_amount: fee ?? null,
    transfer_data: transfer && typeof transfer.destination === 'string' ? { destination: transfer.destination } : null,
    on_behalf_of: optionalString(data, 'on_behalf_of') ?? null,
  };
}

/** Line items from `price` (a stored price) or `price_data`; amounts are integers in cents. */
async function lineItemsOf(
  value: unknown,
  mode: string,
  { store, newId }: LocalStripeContext,
): Promise<StripeObject[]> {
  const items = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  const result: StripeObject[] = [];
  for (const [index, raw] of items.entries()) {
    const item = (raw ?? {}) as Record<string, unknown>;
    const param = `line_items[${index}]`;
    const quantity = optionalInteger(item, 'quantity') ?? 1;
    if (quantity < 1) throw invalidParam(`${param}[quantity]`, 'Quantity must be at least 1.');
    let price: StripeObject | undefined;
    const priceId = optionalString(item, 'price');
    if (priceId) {
      price = await store.find('price', priceId);
      if (!price) throw noSuchObject('price', priceId, `${param}[price]`);
    } else if (item.price_data && typeof item.price_data === 'object') {
      const data = item.price_data as Record<string, unknown>;
      const unitAmount = optionalInteger(data, 'unit_amount');
      if (unitAmount === undefined)
        throw invalidParam(`${param}[price_data][unit_amount]`, 'Missing required param: unit_amount.');
      const productData = (data.product_data ?? {}) as Record<string, unknown>;
      price = {
        id: newId('price'),
        object: 'price',
        currency: requiredString(data, 'currency').toLowerCase(),
        unit_amount: unitAmount,
        product: optionalString(data, 'product') ?? null,
        product_data: { name: optionalString(productData, 'name') ?? '' },
        recurring: data.recurring ?? null,
        type: data.recurring ? 'recurring' : 'one_time',
      };
    } else {
      throw invalidParam(param, 'Each line item needs a price or price_data.');
    }
    if (mode === 'payment' && price.type === 'recurring') {
      throw invalidParam(`${param}[price]`, 'You specified `payment` mode but passed a recurring price.');
    }
    const unit = price.unit_amount as number;
    result.push({
      id: newId('li'),
      object: 'item',
      description: ((price.product_data as { name?: string } | undefined)?.name ?? price.nickname ?? '') as string,
      quantity,
      currency: price.currency,
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      price,
    });
  }
  return result;
}
