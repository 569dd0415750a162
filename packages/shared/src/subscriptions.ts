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
} as const;
