import { otherPlatform, type Platform } from '@huddle/shared/platforms';
import {
  subscriptionKinds,
  subscriptionsOffMessage,
  type MySubscriptionReply,
  type PlanList,
  type PlansReply,
  type SubscriptionPlan,
  type SubscriptionState,
  type TeamSubscriptionReply,
} from '@huddle/shared/subscriptions';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getFlags, type FlagDefaults } from '../feature-flags/feature-flags.service.ts';
import { managers, requireRole } from '../teams/teams.service.ts';
import {
  findFreePlan,
  findPlan,
  findSubscription,
  listPlans as listPlanRows,
  type PlanRow,
  type Subscriber,
  type SubscriptionRow,
} from './subscriptions.repository.ts';

/** What the subscriptions feature needs from AppDeps. */
export interface SubscriptionDeps {
  db: Database;
  flagDefaults: FlagDefaults;
  platform: Platform;
}

/**
 * Spec §1: the remote `subscriptions` flag hides every plan and subscription. Read on each call
 * (a row in feature_flags turns it off without a restart); off, the routes do not exist (404).
 */
export async function requireSubscriptionsOn(deps: Pick<SubscriptionDeps, 'db' | 'flagDefaults'>): Promise<void> {
  const flags = await getFlags(deps.db, deps.flagDefaults);
  if (!flags.subscriptions) throw new AppError('NOT_FOUND', subscriptionsOffMessage);
}

export const toPlan = (row: PlanRow): SubscriptionPlan => ({
  uid: row.uid,
  id: row.id,
  list: row.list,
  item: row.item,
  label: row.label,
  priceId: row.priceId,
  cost: row.cost,
  interval: row.interval,
  covers: row.covers,
  features: row.features,
});

export async function listPlans(deps: SubscriptionDeps): Promise<PlansReply> {
  await requireSubscriptionsOn(deps);
  const plans = (await listPlanRows(deps.db)).map(toPlan);
  return {
    platform: deps.platform,
    teams: plans.filter((plan) => plan.list === 'teams'),
    gth: plans.filter((plan) => plan.list === 'gth'),
    meh: plans.filter((plan) => plan.list === 'meh'),
  };
}

/**
 * The admin area's read-only view (issue 17): the team plans and the running variant's user
 * plans, whether or not the `subscriptions` flag lets anyone else see them.
 */
export async function listPlansOfPlatform(
  deps: SubscriptionDeps,
): Promise<{ platform: Platform; subscriptionsOn: boolean; teams: SubscriptionPlan[]; user: SubscriptionPlan[] }> {
  const [rows, flags] = await Promise.all([listPlanRows(deps.db), getFlags(deps.db, deps.flagDefaults)]);
  const plans = rows.map(toPlan);
  return {
    platform: deps.platform,
    subscriptionsOn: flags.subscriptions,
    teams: plans.filter((plan) => plan.list === 'teams'),
    user: plans.filter((plan) => plan.list === deps.platform),
  };
}

/** Stripe keeps retrying a past-due subscription: it still runs until Stripe gives up. */
const runningStatuses = new Set(['active', 'trialing', 'past_due']);
export const isRunning = (row: Pick<SubscriptionRow, 'status' | 'stripeSubscriptionId'> | undefined) =>
  Boolean(row?.stripeSubscriptionId && runningStatuses.has(row.status));

/** A subscriber's standing on a list; no row (or a finished one) is the free plan. */
export async function subscriptionStateOf(
  db: Database,
  subscriber: Subscriber,
  list: PlanList,
): Promise<SubscriptionState> {
  const row = await findSubscription(db, subscriber, list);
  const running = isRunning(row);
  // Spec §4: a subscription that ended leaves the subscriber on the free plan.
  const plan = (running && row && (await findPlan(db, list, row.planId))) || (await findFreePlan(db, list));
  return {
    list,
    planId: plan.id,
    label: plan.label,
    status: row?.status ?? 'none',
    active: running,
    currentPeriodStart: running ? (row?.currentPeriodStart?.toISOString() ?? null) : null,
    currentPeriodEnd: running ? (row?.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: running ? Boolean(row?.cancelAtPeriodEnd) : false,
  };
}

/** Spec §6: the team's owner and organizers see its plan; only the owner changes it. */
export async function getTeamSubscription(
  deps: SubscriptionDeps,
  { actorId, teamId }: { actorId: string; teamId: string },
): Promise<TeamSubscriptionReply> {
  await requireSubscriptionsOn(deps);
  const { role } = await requireRole(deps.db, teamId, actorId, managers);
  return {
    teamId,
    canChange: role === 'owner',
    subscription: await subscriptionStateOf(deps.db, { teamId }, 'teams'),
  };
}

/** Spec §3: user.subscription on this variant (with the kinds it covers) and userSubscription on the other. */
export async function getMySubscription(
  deps: SubscriptionDeps,
  { actorId }: { actorId: string },
): Promise<MySubscriptionReply> {
  await requireSubscriptionsOn(deps);
  const subscription = await subscriptionStateOf(deps.db, { userId: actorId }, deps.platform);
  const plan = await findPlan(deps.db, deps.platform, subscription.planId);
  const covers = new Set(plan?.covers ?? []);
  return {
    platform: deps.platform,
    subscription: {
      ...subscription,
      kinds: Object.fromEntries(subscriptionKinds.map((kind) => [kind, covers.has(kind)])) as Record<
        (typeof subscriptionKinds)[number],
        boolean
      >,
    },
    userSubscription: await subscriptionStateOf(deps.db, { userId: actorId }, otherPlatform(deps.platform)),
  };
}
