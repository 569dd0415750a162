import {
  LocalStripeError,
  invalidParam,
  listOf,
  metadataOf,
  noSuchObject,
  optionalString,
  requiredString,
  type LocalStripe,
  type LocalStripeContext,
  type StripeObject,
} from '../payments/local-stripe/local-stripe.ts';
import type { PlanRow } from './subscriptions.repository.ts';

/**
 * The local provider's billing resources (decision 030), beside the payments core's (decision
 * 029): products and prices (the plans' own, stored at start so Checkout finds them), subscriptions
 * (made when a Checkout in mode subscription completes; retrieve, list, update items, cancel) and
 * billing portal sessions (a local portal page, subscriptions.local-portal.ts), and the paid first
 * invoice of each subscription (invoice.paid, which writes the plan's row in the payments ledger).
 */

export const productIdOf = (plan: Pick<PlanRow, 'list' | 'id'>) =>
  `prod_huddle_${plan.list}_${plan.id.replace(/-/g, '_')}`;
export const localPortalPath = (sessionId: string) => `/local-stripe/portal/${sessionId}`;

const listNames = { teams: 'team plan', gth: 'player plan', meh: 'player plan' } as const;

/** Stores a product and a price for every paid plan (first writer wins: a restart changes nothing). */
export async function storePlanPrices(context: LocalStripeContext, plans: PlanRow[]): Promise<void> {
  for (const plan of plans) {
    if (!plan.priceId) continue;
    const product = productIdOf(plan);
    const name = `Huddle ${plan.label} (${listNames[plan.list]})`;
    await context.store.insertOnce({
      id: product,
      object: 'product',
      name,
      active: true,
      created: context.now(),
      metadata: { list: plan.list, planId: plan.id },
      livemode: false,
    });
    await context.store.insertOnce({
      id: plan.priceId,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: plan.cost,
      type: 'recurring',
      recurring: { interval: plan.interval, interval_count: 1 },
      product,
      nickname: plan.label,
      product_data: { name },
      created: context.now(),
      metadata: { list: plan.list, planId: plan.id },
      livemode: false,
    });
  }
}

/** One billing period after `start` (unix seconds), by calendar month or year, as Stripe bills. */
export function periodEnd(start: number, interval: string): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function itemOf(context: LocalStripeContext, subscriptionId: string, price: StripeObject, start: number): StripeObject {
  const recurring = (price.recurring ?? {}) as { interval?: string };
  return {
    id: context.newId('si'),
    object: 'subscription_item',
    created: start,
    subscription: subscriptionId,
    price,
    quantity: 1,
    current_period_start: start,
    current_period_end: periodEnd(start, recurring.interval ?? 'month'),
    metadata: {},
  };
}

/** A new active subscription, as Stripe makes one from a completed Checkout. */
export async function createLocalSubscription(
  context: LocalStripeContext,
  { customer, prices, metadata }: { customer: string; prices: StripeObject[]; metadata: Record<string, string> },
): Promise<StripeObject> {
  const id = context.newId('sub');
  const start = context.now();
  const items = prices.map((price) => itemOf(context, id, price, start));
  const invoice = firstInvoiceOf(context, { subscriptionId: id, customer, items, metadata, start });
  const subscription: StripeObject = {
    id,
    object: 'subscription',
    status: 'active',
    customer,
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    collection_method: 'charge_automatically',
    currency: (prices[0]?.currency as string | undefined) ?? 'usd',
    items: listOf(`/v1/subscription_items?subscription=${id}`, items),
    latest_invoice: invoice.id,
    metadata,
    livemode: false,
  };
  await context.store.insert(subscription);
  await context.store.insert(invoice);
  // Stripe's order: the subscription, then its first invoice, paid at once by the Checkout's card.
  await context.emit('customer.subscription.created', subscription);
  await context.emit('invoice.paid', invoice);
  return subscription;
}

/**
 * The first invoice of a subscription started by Checkout, paid (billing_reason
 * subscription_create), shaped as Stripe's API 2025-03 and later has it: the subscription under
 * parent.subscription_details, each line's price under pricing.price_details.
 */
function firstInvoiceOf(
  context: LocalStripeContext,
  {
    subscriptionId,
    customer,
    items,
    metadata,
    start,
  }: {
    subscriptionId: string;
    customer: string;
    items: StripeObject[];
    metadata: Record<string, string>;
    start: number;
  },
): StripeObject {
  const id = context.newId('in');
  const lines = items.map((item) => {
    const price = item.price as StripeObject;
    const amount = (price.unit_amount as number) * ((item.quantity as number | undefined) ?? 1);
    return {
      id: context.newId('il'),
      object: 'line_item',
      amount,
      currency: price.currency,
      description: `1 × ${String(price.nickname ?? price.id)}`,
      invoice: id,
      quantity: item.quantity ?? 1,
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: subscriptionId, subscription_item: item.id, proration: false },
      },
      metadata: {},
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id,
    object: 'invoice',
    status: 'paid',
    billing_reason: 'subscription_create',
    collection_method: 'charge_automatically',
    customer,
    currency: (lines[0]?.currency as string | undefined) ?? 'usd',
    created: start,
    period_start: start,
    period_end: start,
    subtotal: total,
    total,
    amount_due: total,
    amount_paid: total,
    amount_remaining: 0,
    number: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    status_transitions: { finalized_at: start, paid_at: start, marked_uncollectible_at: null, voided_at: null },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscriptionId, metadata },
    },
    lines: listOf(`/v1/invoices/${id}/lines`, lines),
    metadata: {},
    livemode: false,
  };
}

const booleanParam = (value: unknown, param: string): boolean | undefined => {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalidParam(param, `Invalid boolean: ${String(value)}`);
};

/** Ends a subscription now and emits customer.subscription.deleted (once). */
export async function cancelLocalSubscription(context: LocalStripeContext, id: string): Promise<StripeObject> {
  let ended = false;
  const cancelled = await context.store.update('subscription', id, (current) => {
    if (current.status === 'canceled') return current;
    ended = true;
    const now = context.now();
    return { ...current, status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false };
  });
  if (!cancelled) throw noSuchObject('subscription', id);
  if (ended) await context.emit('customer.subscription.deleted', cancelled);
  return cancelled;
}

export function registerLocalBilling(localStripe: LocalStripe): void {
  localStripe.route('GET', '/v1/products/:id', async ({ params }, { store }) => {
    const product = await store.find('product', params.id!);
    if (!product) throw noSuchObject('product', params.id!);
    return product;
  });

  localStripe.route('GET', '/v1/prices/:id', async ({ params }, { store }) => {
    const price = await store.find('price', params.id!);
    if (!price) throw noSuchObject('price', params.id!);
    return price;
  });

  localStripe.route('GET', '/v1/prices', async ({ body }, { store }) => {
    const product = optionalString(body, 'product');
    return listOf('/v1/prices', await store.list('price', product ? { product } : {}));
  });

  // Checkout in mode subscription: the subscription starts when the session completes.
  localStripe.onCheckoutCompleted('subscription', async (session, context) => {
    if (session.subscription) return undefined;
    const customer =
      (session.customer as string | null) ??
      (
        await context.store.insert({
          id: context.newId('cus'),
          object: 'customer',
          created: context.now(),
          email: ((session.customer_details ?? {}) as { email?: string | null }).email ?? null,
          name: null,
          metadata: {},
          livemode: false,
        })
      ).id;
    const lineItems = ((session.line_items as { data?: StripeObject[] } | undefined)?.data ?? []).map(
      (item) => item.price as StripeObject,
    );
    const data = (session.subscription_data ?? {}) as { metadata?: unknown };
    const subscription = await createLocalSubscription(context, {
      customer,
      prices: lineItems,
      metadata: metadataOf(data.metadata),
    });
    return { subscription: subscription.id, customer };
  });

  localStripe.route('GET', '/v1/invoices/:id', async ({ params }, { store }) => {
    const invoice = await store.find('invoice', params.id!);
    if (!invoice) throw noSuchObject('invoice', params.id!);
    return invoice;
  });

  localStripe.route('GET', '/v1/subscriptions/:id', async ({ params }, { store }) => {
    const subscription = await store.find('subscription', params.id!);
    if (!subscription) throw noSuchObject('subscription', params.id!);
    return subscription;
  });

  localStripe.route('GET', '/v1/subscriptions', async ({ body }, { store }) => {
    const where: Record<string, unknown> = {};
    const customer = optionalString(body, 'customer');
    const status = optionalString(body, 'status');
    if (customer) where.customer = customer;
    if (status && status !== 'all') where.status = status;
    const found = await store.list('subscription', where);
    // Stripe leaves canceled subscriptions out unless asked for them.
    return listOf('/v1/subscriptions', status ? found : found.filter((sub) => sub.status !== 'canceled'));
  });

  /** Update: change the item's price (plan change), cancel at period end, metadata. */
  localStripe.route('POST', '/v1/subscriptions/:id', async ({ params, body }, context) => {
    const { store } = context;
    const requested = (Array.isArray(body.items) ? body.items : Object.values((body.items as object) ?? {})) as Record<
      string,
      unknown
    >[];
    const prices = new Map<string, StripeObject>();
    for (const [index, item] of requested.entries()) {
      const priceId = optionalString(item, 'price');
      if (!priceId) continue;
      const price = await store.find('price', priceId);
      if (!price) throw noSuchObject('price', priceId, `items[${index}][price]`);
      prices.set(requiredString(item, 'id'), price);
    }
    const cancelAtPeriodEnd = booleanParam(body.cancel_at_period_end, 'cancel_at_period_end');
    let previous: Record<string, unknown> = {};
    const updated = await store.update('subscription', params.id!, (current) => {
      if (current.status === 'canceled') {
        throw new LocalStripeError(
          400,
          'A canceled subscription can only update its cancellation_details and metadata.',
          undefined,
          'invalid_request_error',
          'resource_missing',
        );
      }
      const itemList = current.items as { data: StripeObject[] };
      for (const id of prices.keys()) {
        if (!itemList.data.some((item) => item.id === id))
          throw invalidParam('items', `No such subscription item: '${id}'`);
      }
      previous = {
        items: current.items,
        cancel_at_period_end: current.cancel_at_period_end,
        metadata: current.metadata,
      };
      const data = itemList.data.map((item) => {
        const price = prices.get(item.id);
        // A new price keeps the billing period, as Stripe does for one interval (proration aside).
        return price ? { ...item, price } : item;
      });
      return {
        ...current,
        items: { ...itemList, data },
        ...(cancelAtPeriodEnd !== undefined && { cancel_at_period_end: cancelAtPeriodEnd }),
        metadata: { ...(current.metadata as object), ...metadataOf(body.metadata) },
      };
    });
    if (!updated) throw noSuchObject('subscription', params.id!);
    await context.emit('customer.subscription.updated', updated, { previousAttributes: previous });
    return updated;
  });

  localStripe.route('DELETE', '/v1/subscriptions/:id', async ({ params }, context) =>
    cancelLocalSubscription(context, params.id!),
  );

  localStripe.route('POST', '/v1/billing_portal/sessions', async ({ body }, context) => {
    const customer = requiredString(body, 'customer');
    if (!(await context.store.find('customer', customer))) throw noSuchObject('customer', customer, 'customer');
    const id = context.newId('bps');
    return context.store.insert({
      id,
      object: 'billing_portal.session',
      created: context.now(),
      customer,
      return_url: optionalString(body, 'return_url') ?? null,
      url: `${context.publicOrigin}${localPortalPath(id)}`,
      livemode: false,
    });
  });
}
