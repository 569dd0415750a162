import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { platforms } from './platforms.ts';
import { teamIdParams } from './teams.ts';

/** Spec §7: plans live in three collections: the team plans and the user plans of each variant. */
export const planLists = ['teams', ...platforms] as const;
export type PlanList = (typeof planLists)[number];

/** Spec §6: subscription types. A plan says which of them it covers. */
export const subscriptionKinds = ['teams', 'tournaments', 'drop-in'] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];

/** Who a subscription belongs to (createSubscription's item type). */
export const subscriberTypes = ['teams', 'user'] as const;
export type SubscriberType = (typeof subscriberTypes)[number];

/** Spec §4: the free base tiers. */
export const rookiePlanId = 'rookie';
export const freePlanId = 'free';

/** Spec §1: team plans are billed per month, user plans per year, in USD (cents throughout). */
export const planCurrency = 'usd';

export const subscriptionPlan = z
  .object({
    uid: z.uuid(),
    id: z.string(),
    list: z.enum(planLists),
    /** What the plan is for: the subscriber type of its list. */
    item: z.enum(subscriberTypes),
    label: z.string(),
    /** Null: a free plan (spec §3). */
    priceId: z.string().nullable(),
    /** Integer cents per interval. */
    cost: z.number().int().min(0),
    interval: z.enum(['month', 'year']),
    covers: z.array(z.enum(subscriptionKinds)),
    features: z.array(z.string()),
  })
  .meta({ id: 'SubscriptionPlan' });
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

export const plansReply = z.object({
  /** The variant this server runs (PLATFORM); its user list is `user`. */
  platform: z.enum(platforms),
  teams: z.array(subscriptionPlan),
  gth: z.array(subscriptionPlan),
  meh: z.array(subscriptionPlan),
});
export type PlansReply = z.infer<typeof plansReply>;

export const subscriptionStatuses = [
  'none',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** One subscriber's standing on one plan list. */
export const subscriptionState = z.object({
  list: z.enum(planLists),
  planId: z.string(),
  label: z.string(),
  /** 'none': on the free tier, nothing billed. */
  status: z.enum(subscriptionStatuses),
  /** Whether a paid subscription is running (active or trialing, or past due while Stripe retries). */
  active: z.boolean(),
  currentPeriodStart: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;

export const teamSubscriptionReply = z.object({
  teamId: z.uuid(),
  /** Only the owner changes the plan (organizers see it). */
  canChange: z.boolean(),
  subscription: subscriptionState,
});
export type TeamSubscriptionReply = z.infer<typeof teamSubscriptionReply>;

export const mySubscriptionReply = z.object({
  platform: z.enum(platforms),
  /** Spec §3 user.subscription: the plan on this variant's list, and the kinds it covers. */
  subscription: subscriptionState.extend({
    kinds: z.object({ teams: z.boolean(), tournaments: z.boolean(), 'drop-in': z.boolean() }),
  }),
  /** Spec §3 user.userSubscription: the plan on the other variant's list. */
  userSubscription: subscriptionState,
});
export type MySubscriptionReply = z.infer<typeof mySubscriptionReply>;

// ---- Messages (spec §8, §9) -------------------------------------------------------------------

export const subscriptionCancelledMessage = 'Successfully cancelled subscription!';
export const subscriptionChangedMessage = 'Successfully changed subscription!';
export const noActiveSubscriptionText = 'No active subscription';
export const viewPlansLabel = 'View Plans';
export const manageSubscriptionLabel = 'Manage Subscription';
export const changePlanTitle = 'Change Plan';
/** Spec §9: the cancel confirmation's note. */
export const cancelPropagationNote = 'Changes can take a couple of minutes to propagate.';
export const subscriptionsOffMessage = 'Plans and subscriptions are not available right now.';
export const onlyOwnerChangesPlanMessage = 'Only the owner of the team can change its plan.';

/** createSubscription's item (spec §7): id is the subscriber (the team, or the user themself). */
export const subscriptionItem = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(120),
  quantity: z.literal(1, 'One plan at a time.'),
  /** Integer cents, checked against the plan (a stale page cannot buy at an old price). */
  cost: z.number().int().min(0).max(1_000_000),
  type: z.enum(subscriberTypes),
  /** The chosen plan's price; null chooses the free plan (spec §4: that cancels). */
  subscriptionPriceId: z.string().min(1).max(100).nullable(),
  platform: z.enum(platforms),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;

export const createSubscriptionBody = z
  .strictObject({
    items: z.array(subscriptionItem).length(1, 'Choose one plan.'),
  })
  .meta({ id: 'CreateSubscription' });
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

/**
 * Spec §4 transitions: a first paid plan goes through Checkout; paid to paid changes the running
 * subscription; a free plan cancels it.
 */
export const createSubscriptionReply = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('checkout'), url: z.string() }),
  z.object({ outcome: z.literal('changed'), subscription: subscriptionState }),
  z.object({ outcome: z.literal('cancelled'), subscription: subscriptionState }),
  z.object({ outcome: z.literal('unchanged'), subscription: subscriptionState }),
]);
export type CreateSubscriptionReply = z.infer<typeof createSubscriptionReply>;

/** cancelSubscription(type, id, platform) and the portal: which subscription. */
export const subscriptionTargetBody = z.strictObject({
  type: z.enum(subscriberTypes),
  id: z.string().min(1).max(64),
  platform: z.enum(platforms),
});
export type SubscriptionTargetBody = z.infer<typeof subscriptionTargetBody>;

export const cancelSubscriptionReply = z.object({ subscription: subscriptionState });
export const portalSessionReply = z.object({ url: z.string() });

export const subscriptionEndpoints = {
  listPlans: defineEndpoint({
    method: 'GET',
    path: '/api/plans',
    summary: 'The plans: team plans (monthly) and the user plans of both variants (yearly), in USD cents',
    tags: ['subscriptions'],
    reply: plansReply,
  }),
  getTeamSubscription: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/subscription',
    summary: "A team's plan and billing period (its owner and organizers)",
    tags: ['subscriptions'],
    params: teamIdParams,
    reply: teamSubscriptionReply,
  }),
  getMySubscription: defineEndpoint({
    method: 'GET',
    path: '/api/me/subscription',
    summary: "The signed-in user's plan on each variant",
    tags: ['subscriptions'],
    reply: mySubscriptionReply,
  }),
  createSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions',
    summary: 'Choose a plan: Checkout for a first paid plan, a change between paid plans, a free plan cancels',
    tags: ['subscriptions'],
    body: createSubscriptionBody,
    reply: createSubscriptionReply,
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/cancel',
    summary: 'Cancel the subscription: the team goes back to Rookie, the user to Free',
    tags: ['subscriptions'],
    body: subscriptionTargetBody,
    reply: cancelSubscriptionReply,
  }),
  createPortalSession: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions/portal',
    summary: 'A billing portal session for the subscription (Manage Subscription, opened in a new tab)',
    tags: ['subscriptions'],
    body: subscriptionTargetBody,
    reply: portalSessionReply,
  }),
} as const;
