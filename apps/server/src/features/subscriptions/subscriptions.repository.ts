import type { PlanList } from '@huddle/shared/subscriptions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { teamMembers, teams } from '../teams/teams.schema.ts';
import { subscriptionPlans, subscriptions } from './subscriptions.schema.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'teamId' | 'userId' | 'list'>>;

/** A subscriber: a team (team plans) or a user (the user plans of a variant). */
export type Subscriber = { teamId: string } | { userId: string };

export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx));
}

export async function listPlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.list), asc(subscriptionPlans.position));
}

export async function findPlan(db: Database, list: PlanList, id: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.list, list), eq(subscriptionPlans.id, id)));
  return row;
}

export async function findPlanByPrice(db: Database, priceId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.priceId, priceId));
  return row;
}

/** The free plan of a list: the one without a price. */
export async function findFreePlan(db: Database, list: PlanList): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.list, list), sql`${subscriptionPlans.priceId} is null`))
    .orderBy(asc(subscriptionPlans.position))
    .limit(1);
  if (!row) throw new Error(`the ${list} plan list has no free plan`);
  return row;
}

const subscriberIs = (subscriber: Subscriber) =>
  'teamId' in subscriber ? eq(subscriptions.teamId, subscriber.teamId) : eq(subscriptions.userId, subscriber.userId);

export async function findSubscription(
  db: Database,
  subscriber: Subscriber,
  list: PlanList,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(subscriberIs(subscriber), eq(subscriptions.list, list)));
  return row;
}

/**
 * The subscriber's row on a list, made if missing and locked FOR UPDATE until the transaction
 * ends: every change to a subscriber's plan goes through here, one at a time.
 */
export async function lockSubscription(
  tx: Database,
  subscriber: Subscriber,
  list: PlanList,
  freePlanId: string,
): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values({ ...subscriber, list, planId: freePlanId })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(subscriberIs(subscriber), eq(subscriptions.list, list)))
    .for('update');
  if (!row) throw new Error('subscription row vanished under its lock');
  return row;
}

export async function lockSubscriptionById(tx: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function findSubscriptionByStripeId(
  db: Database,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row;
}

/** Locks the row that holds a Stripe subscription, if Huddle knows it. */
export async function lockSubscriptionByStripeId(
  tx: Database,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for('update');
  return row;
}

export async function updateSubscription(tx: Database, id: string, patch: SubscriptionPatch): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error('subscription row vanished');
  return row;
}

/**
 * Spec §3: team.subscription and user.subscription name the plan. They are kept in the same
 * transaction as the subscription row (decision 030), so the team page and the user record
 * never disagree with billing.
 */
export async function setPlanLabel(tx: Database, subscriber: Subscriber, label: string): Promise<void> {
  if ('teamId' in subscriber) {
    await tx.update(teams).set({ subscription: label }).where(eq(teams.id, subscriber.teamId));
  } else {
    await tx.update(users).set({ subscription: label }).where(eq(users.id, subscriber.userId));
  }
}

export async function findUserEmail(
  db: Database,
  userId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findSubscriptionById(db: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** Who pays a subscriber's plan: the user, or the team's owner (the one who subscribes it). */
export async function findPayer(
  db: Database,
  subscriber: Subscriber,
): Promise<{ id: string; email: string; name: string } | undefined> {
  const columns = { id: users.id, email: users.email, name: users.name };
  if ('userId' in subscriber) {
    const [row] = await db.select(columns).from(users).where(eq(users.id, subscriber.userId));
    return row;
  }
  const [row] = await db
    .select(columns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, subscriber.teamId), eq(teamMembers.role, 'owner')));
  return row;
}
