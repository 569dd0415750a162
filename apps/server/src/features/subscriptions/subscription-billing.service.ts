import {
  onlyOwnerChangesPlanMessage,
  type CreateSubscriptionReply,
  type PlanList,
  type SubscriptionItem,
  type SubscriptionState,
  type SubscriptionStatus,
  type SubscriptionTargetBody,
} from '@huddle/shared/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordSubscriptionPayment } from '../invoices/invoices.service.ts';
import { requireRole } from '../teams/teams.service.ts';
import {
  findFreePlan,
  findPlanByPrice,
  findSubscription,
  findUserEmail,
  inTransaction,
  lockSubscription,
  lockSubscriptionById,
  lockSubscriptionByStripeId,
  setPlanLabel,
  updateSubscription,
  findSubscriptionByStripeId,
  findSubscriptionById,
  findPayer,
  findPlan,
  type PlanRow,
  type Subscriber,
  type SubscriptionPatch,
  type SubscriptionRow,
} from './subscriptions.repository.ts';
import {
  isRunning,
  requireSubscriptionsOn,
  subscriptionStateOf,
  type SubscriptionDeps,
} from './subscriptions.service.ts';

/** The subscriptions feature with Stripe (the one SDK instance: real Stripe or the local provider). */
export interface BillingDeps extends SubscriptionDeps {
  stripe: Stripe;
  clock: Clock;
  publicOrigin: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What Huddle writes on its Checkout sessions and subscriptions, to find the row again from a webhook. */
interface HuddleMetadata {
  huddleSubscriptionId: string;
  list: PlanList;
  planId: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: [message] });

interface ResolvedTarget {
  subscriber: Subscriber;
  list: PlanList;
  /** Who Stripe bills: the team owner's or the user's own address. */
  email: string;
  name: string;
}

/**
 * Spec §6: only the team's owner changes or cancels a team's plan (organizers and players 403,
 * outsiders of a private team 404); a user changes only their own plan, on this variant.
 */
async function resolveTarget(
  deps: BillingDeps,
  actorId: string,
  target: { type: 'teams' | 'user'; id: string; platform: string },
  field = '',
): Promise<ResolvedTarget> {
  if (target.platform !== deps.platform) {
    throw fieldError(`${field}platform`, 'This plan belongs to the other variant of Huddle.');
  }
  const person = await findUserEmail(deps.db, actorId);
  if (!person) throw new AppError('UNAUTHENTICATED');
  if (target.type === 'teams') {
    if (!uuidPattern.test(target.id)) throw new AppError('NOT_FOUND', 'Team not found');
    const { role } = await requireRole(deps.db, target.id, actorId, ['owner', 'organizer', 'player', 'substitute']);
    if (role !== 'owner') throw new AppError('FORBIDDEN', onlyOwnerChangesPlanMessage);
    return { subscriber: { teamId: target.id }, list: 'teams', email: person.email, name: person.name };
  }
  if (target.id !== actorId) throw new AppError('FORBIDDEN');
  return { subscriber: { userId: actorId }, list: deps.platform, email: person.email, name: person.name };
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The fields of a Stripe subscription Huddle keeps (periods are on the item since API 2025-03). */
function fromStripe(subscription: Stripe.Subscription): SubscriptionPatch & { priceId: string | undefined } {
  const item = subscription.items.data[0];
  return {
    status: subscription.status as SubscriptionStatus,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    currentPeriodStart: toDate(item?.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    priceId: item?.price.id,
  };
}

/** Spec §3: team.subscription and the user's subscription name the plan on this variant. */
async function labelSubscriber(
  tx: SubscriptionDeps['db'],
  deps: SubscriptionDeps,
  row: SubscriptionRow,
  plan: PlanRow,
) {
  if (row.teamId) await setPlanLabel(tx, { teamId: row.teamId }, plan.label);
  else if (row.userId && row.list === deps.platform) await setPlanLabel(tx, { userId: row.userId }, plan.label);
}

/** Back to the free plan (spec §4: Rookie for a team, Free for a user). */
async function settleOnFree(
  tx: SubscriptionDeps['db'],
  deps: SubscriptionDeps,
  row: SubscriptionRow,
  status: SubscriptionStatus,
) {
  const free = await findFreePlan(tx, row.list);
  const updated = await updateSubscription(tx, row.id, { planId: free.id, status, cancelAtPeriodEnd: false });
  await labelSubscriber(tx, deps, updated, free);
  return updated;
}

async function stateOf(deps: SubscriptionDeps, row: SubscriptionRow): Promise<SubscriptionState> {
  const subscriber: Subscriber = row.teamId ? { teamId: row.teamId } : { userId: row.userId ?? '' };
  return subscriptionStateOf(deps.db, subscriber, row.list);
}

// ---- createSubscription and cancelSubscription (spec §4, §7) --------------------------------

/**
 * Spec §7 createSubscription, with the transitions of spec §4: a free plan cancels a running
 * subscription; a paid plan while on the free tier goes through Checkout; paid to paid changes
 * the running subscription's item (a change request, prorated by Stripe).
 */
export async function createSubscription(
  deps: BillingDeps,
  { actorId, item }: { actorId: string; item: SubscriptionItem },
): Promise<CreateSubscriptionReply> {
  await requireSubscriptionsOn(deps);
  const target = await resolveTarget(deps, actorId, item, 'items.0.');
  const plan =
    item.subscriptionPriceId === null
      ? await findFreePlan(deps.db, target.list)
      : await findPlanByPrice(deps.db, item.subscriptionPriceId);
  if (!plan || plan.list !== target.list) {
    throw fieldError('items.0.subscriptionPriceId', 'Choose one of the plans on the list.');
  }
  if (plan.cost !== item.cost) {
    throw fieldError('items.0.cost', 'The price of this plan changed. Reload the page to see it.');
  }
  const current = await findSubscription(deps.db, target.subscriber, target.list);
  if (plan.priceId === null) {
    if (!isRunning(current))
      return { outcome: 'unchanged', subscription: await subscriptionStateOf(deps.db, target.subscriber, target.list) };
    return { outcome: 'cancelled', subscription: await cancelRunning(deps, target) };
  }
  if (isRunning(current) && current) {
    if (current.planId === plan.id) return { outcome: 'unchanged', subscription: await stateOf(deps, current) };
    return { outcome: 'changed', subscription: await changeRunning(deps, current, plan) };
  }
  return { outcome: 'checkout', url: await openCheckout(deps, target, plan) };
}

/**
 * A first paid plan: one Checkout per subscriber at a time. The row stays locked while the
 * session is made, so a second request (a double click, a second tab) waits and gets the same
 * page; creating a session sends no event, so nothing waits on this lock in return.
 */
async function openCheckout(deps: BillingDeps, target: ResolvedTarget, plan: PlanRow): Promise<string> {
  const free = await findFreePlan(deps.db, target.list);
  return inTransaction(deps.db, async (tx) => {
    let row = await lockSubscription(tx, target.subscriber, target.list, free.id);
    const now = deps.clock.now();
    if (isRunning(row)) throw new AppError('CONFLICT', 'This plan changed a moment ago. Reload the page to see it.');
    if (row.checkoutUrl && row.checkoutPlanId === plan.id && row.checkoutExpiresAt && row.checkoutExpiresAt > now) {
      return row.checkoutUrl;
    }
    if (!row.stripeCustomerId) {
      const customer = await deps.stripe.customers.create({
        email: target.email,
        name: target.name || undefined,
        metadata: {
          huddleSubscriptionId: row.id,
          ...('teamId' in target.subscriber
            ? { teamId: target.subscriber.teamId }
            : { userId: target.subscriber.userId }),
        },
      });
      row = await updateSubscription(tx, row.id, { stripeCustomerId: customer.id });
    }
    const metadata: HuddleMetadata = { huddleSubscriptionId: row.id, list: target.list, planId: plan.id };
    const back = 'teamId' in target.subscriber ? `team=${target.subscriber.teamId}` : 'for=me';
    const session = await deps.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: row.stripeCustomerId ?? undefined,
      client_reference_id: row.id,
      line_items: [{ price: plan.priceId ?? '', quantity: 1 }],
      metadata: { ...metadata },
      subscription_data: { metadata: { ...metadata } },
      success_url: `${deps.publicOrigin}/community/pricing?${back}&checkout=success`,
      cancel_url: `${deps.publicOrigin}/community/pricing?${back}&checkout=cancelled`,
    });
    if (!session.url) throw new Error('Checkout session without a url');
    await updateSubscription(tx, row.id, {
      checkoutSessionId: session.id,
      checkoutUrl: session.url,
      checkoutPlanId: plan.id,
      checkoutExpiresAt: toDate(session.expires_at),
    });
    return session.url;
  });
}

/**
 * Paid to paid (spec §4: a change-subscription request). Stripe is called outside the row lock:
 * its update sends customer.subscription.updated, whose handler takes the same lock.
 */
async function changeRunning(deps: BillingDeps, row: SubscriptionRow, plan: PlanRow): Promise<SubscriptionState> {
  const stripeId = row.stripeSubscriptionId ?? '';
  const running = await deps.stripe.subscriptions.retrieve(stripeId);
  const item = running.items.data[0];
  if (!item) throw new Error(`subscription ${stripeId} has no item`);
  const metadata: HuddleMetadata = { huddleSubscriptionId: row.id, list: row.list, planId: plan.id };
  const updated = await deps.stripe.subscriptions.update(stripeId, {
    items: [{ id: item.id, price: plan.priceId ?? '' }],
    proration_behavior: 'create_prorations',
    cancel_at_period_end: false,
    metadata: { ...metadata },
  });
  await applyStripeSubscription(deps, updated);
  return stateOf(deps, row);
}

/** Cancels now (spec §4: the team is on Rookie, the user on Free, at once). */
async function cancelRunning(deps: BillingDeps, target: ResolvedTarget): Promise<SubscriptionState> {
  const row = await findSubscription(deps.db, target.subscriber, target.list);
  if (row?.stripeSubscriptionId && isRunning(row)) {
    const cancelled = await deps.stripe.subscriptions.cancel(row.stripeSubscriptionId);
    await applyStripeSubscription(deps, cancelled);
  }
  return subscriptionStateOf(deps.db, target.subscriber, target.list);
}

/** Spec §7 cancelSubscription(type, id, platform). Nothing running: nothing to cancel (409). */
export async function cancelSubscription(
  deps: BillingDeps,
  { actorId, target }: { actorId: string; target: SubscriptionTargetBody },
): Promise<{ subscription: SubscriptionState }> {
  await requireSubscriptionsOn(deps);
  const resolved = await resolveTarget(deps, actorId, target);
  const row = await findSubscription(deps.db, resolved.subscriber, resolved.list);
  if (!isRunning(row)) throw new AppError('CONFLICT', 'There is no subscription to cancel.');
  return { subscription: await cancelRunning(deps, resolved) };
}

/** Manage Subscription (spec §2): a billing portal session of the subscriber's customer. */
export async function createPortalSession(
  deps: BillingDeps,
  { actorId, target }: { actorId: string; target: SubscriptionTargetBody },
): Promise<{ url: string }> {
  await requireSubscriptionsOn(deps);
  const resolved = await resolveTarget(deps, actorId, target);
  const row = await findSubscription(deps.db, resolved.subscriber, resolved.list);
  if (!row?.stripeCustomerId || !isRunning(row)) throw new AppError('CONFLICT', 'There is no subscription to manage.');
  const back = 'teamId' in resolved.subscriber ? `/team/${resolved.subscriber.teamId}` : '/settings?tab=payments';
  const session = await deps.stripe.billingPortal.sessions.create({
    customer: row.stripeCustomerId,
    return_url: `${deps.publicOrigin}${back}`,
  });
  return { url: session.url };
}

// ---- Webhooks ---------------------------------------------------------------------------------

/** Cancels, at Stripe, a second running subscription of a subscriber (queued from a webhook). */
export const cancelDuplicateJob = 'subscriptions.cancel-duplicate';
/**
 * Applies a subscription as Stripe has it now, inside the caller's transaction. Answers
 * `duplicate` when the subscriber already runs another subscription: the one-running rule keeps
 * the first, and the caller cancels this one at Stripe after the transaction.
 */
export async function applySubscription(
  tx: Database,
  deps: SubscriptionDeps,
  subscription: Stripe.Subscription,
): Promise<{ duplicate: boolean }> {
  const { priceId, ...patch } = fromStripe(subscription);
  const running = isRunning({ status: patch.status ?? 'none', stripeSubscriptionId: subscription.id });
  let row = await lockSubscriptionByStripeId(tx, subscription.id);
  if (!row) {
    // Not one Huddle holds. A finished one needs nothing (and takes no lock: its cancel may be
    // waiting on this very row, from the handler that found it a duplicate).
    if (!running) return { duplicate: false };
    const rowId = subscription.metadata?.huddleSubscriptionId;
    row = rowId && uuidPattern.test(rowId) ? await lockSubscriptionById(tx, rowId) : undefined;
    if (!row) return { duplicate: false };
    // The invariant: one running subscription per subscriber (two Checkouts completed, a
    // replay of an older session): the first stays, this one is cancelled.
    if (isRunning(row) && row.stripeSubscriptionId !== subscription.id) return { duplicate: true };
  }
  const plan = running && priceId ? await findPlanByPrice(tx, priceId) : undefined;
  if (!running || !plan || plan.list !== row.list) {
    const updated = await updateSubscription(tx, row.id, { ...patch, cancelAtPeriodEnd: false });
    await settleOnFree(tx, deps, updated, patch.status ?? 'canceled');
    return { duplicate: false };
  }
  const updated = await updateSubscription(tx, row.id, {
    ...patch,
    planId: plan.id,
    checkoutSessionId: null,
    checkoutUrl: null,
    checkoutPlanId: null,
    checkoutExpiresAt: null,
  });
  await labelSubscriber(tx, deps, updated, plan);
  return { duplicate: false };
}

/** The same outside a webhook (after Huddle's own update or cancel call). */
export async function applyStripeSubscription(deps: BillingDeps, subscription: Stripe.Subscription): Promise<void> {
  const { duplicate } = await inTransaction(deps.db, (tx) => applySubscription(tx, deps, subscription));
  if (duplicate) await cancelDuplicate(deps, subscription.id);
}

/** Cancels a duplicate unless, by now, it is the subscriber's one subscription. */
export async function cancelDuplicate(deps: BillingDeps, stripeSubscriptionId: string): Promise<void> {
  const held = await findSubscriptionByStripeId(deps.db, stripeSubscriptionId);
  if (held) return;
  deps.log.warn({ subscription: stripeSubscriptionId }, 'a second subscription for one subscriber: cancelled');
  await deps.stripe.subscriptions.cancel(stripeSubscriptionId);
}

/**
 * checkout.session.completed (mode subscription), inside the event's transaction: the session
 * names the subscription it started; the subscriber's row takes it unless it already runs one
 * (then the subscription's own events find it a duplicate). Status, plan and period come with
 * customer.subscription.created/updated, which Stripe sends beside it; whichever comes first,
 * the row ends the same.
 */
export async function applyCompletedCheckout(tx: Database, session: Stripe.Checkout.Session): Promise<void> {
  if (session.mode !== 'subscription' || !session.subscription) return;
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
  const rowId = session.client_reference_id ?? session.metadata?.huddleSubscriptionId;
  if (!rowId || !uuidPattern.test(rowId)) return;
  const row = await lockSubscriptionById(tx, rowId);
  if (!row || row.stripeSubscriptionId === subscriptionId || isRunning(row)) return;
  if (await findSubscriptionByStripeId(tx, subscriptionId)) return;
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  await updateSubscription(tx, row.id, {
    stripeSubscriptionId: subscriptionId,
    ...(customer && { stripeCustomerId: customer }),
    status: 'incomplete',
    checkoutSessionId: null,
    checkoutUrl: null,
    checkoutPlanId: null,
    checkoutExpiresAt: null,
  });
}

/** "Nov 26, 2026": a plan's period on its receipt (UTC, as Stripe's timestamps are). */
const receiptDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The subscription a paid invoice is for (API 2025-03 and later: under parent; older: at the top). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): { id: string | null; metadata: Record<string, string> } {
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const subscription = details?.subscription ?? legacy ?? null;
  return {
    id: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    metadata: details?.metadata ?? {},
  };
}

const priceOfLine = (line: Stripe.InvoiceLineItem): string | null => {
  const price = line.pricing?.price_details?.price ?? (line as unknown as { price?: { id: string } | null }).price;
  return typeof price === 'string' ? price : (price?.id ?? null);
};

/**
 * invoice.paid, inside the event's transaction (issue 13): a paid plan invoice becomes a row of
 * the payments ledger, kind 'subscription', paid by the user or the team's owner, to Huddle
 * (no payee), "Huddle <plan> plan · <period>". The unique Stripe invoice id writes it once,
 * whatever replays or other events about the same invoice arrive; an invoice of nothing
 * (amount 0) or of a subscription Huddle does not hold writes nothing.
 */
export async function applyPaidInvoice(tx: Database, invoice: Stripe.Invoice): Promise<void> {
  if (invoice.status !== 'paid' || !invoice.amount_paid) return;
  const { id: stripeSubscriptionId, metadata } = subscriptionOfInvoice(invoice);
  if (!stripeSubscriptionId) return;
  const rowId = metadata.huddleSubscriptionId;
  // The invoice can land before checkout.session.completed links the row: the metadata finds it.
  const row =
    (await findSubscriptionByStripeId(tx, stripeSubscriptionId)) ??
    (rowId && uuidPattern.test(rowId) ? await findSubscriptionById(tx, rowId) : undefined);
  if (!row) return;
  const payer = await findPayer(tx, row.teamId ? { teamId: row.teamId } : { userId: row.userId ?? '' });
  if (!payer) return;
  let plan: PlanRow | undefined;
  let period: Stripe.InvoiceLineItem['period'] | undefined;
  for (const line of invoice.lines.data) {
    const priceId = priceOfLine(line);
    const found = priceId ? await findPlanByPrice(tx, priceId) : undefined;
    if (found && !plan) {
      plan = found;
      period = line.period;
    }
  }
  plan ??= await findPlan(tx, row.list, row.planId);
  period ??= invoice.lines.data[0]?.period;
  const when = period
    ? ` · ${receiptDay.format(new Date(period.start * 1000))} – ${receiptDay.format(new Date(period.end * 1000))}`
    : '';
  await recordSubscriptionPayment(tx, {
    payerUserId: payer.id,
    payerName: payer.name,
    payerEmail: payer.email,
    teamId: row.teamId,
    subscriptionId: row.id,
    description: `${plan ? `Huddle ${plan.label} plan` : 'Huddle plan'}${when}`,
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    stripeInvoiceId: invoice.id ?? '',
    receiptUrl: invoice.hosted_invoice_url ?? null,
    paidAt: toDate(invoice.status_transitions?.paid_at) ?? new Date(),
  });
}
