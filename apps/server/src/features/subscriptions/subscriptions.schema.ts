import type { PlanList, SubscriberType, SubscriptionKind, SubscriptionStatus } from '@huddle/shared/subscriptions';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { teams } from '../teams/teams.schema.ts';

/**
 * Spec §3 Subscription plan; §7: three collections (team plans, and the user plans of the
 * variants gth and meh), told apart by `list`. Product data, seeded by the migration (decision 030).
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    /** Stable id within its list ('rookie', 'varsity', 'free', …). */
    id: text('id').notNull(),
    list: text('list').$type<PlanList>().notNull(),
    item: text('item').$type<SubscriberType>().notNull(),
    label: text('label').notNull(),
    /** The Stripe price; null is a free plan. */
    priceId: text('price_id'),
    /** Integer cents per interval, USD. */
    cost: integer('cost').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    covers: text('covers').array().$type<SubscriptionKind[]>().notNull(),
    features: text('features').array().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('subscription_plans_list_id_unique').on(table.list, table.id),
    uniqueIndex('subscription_plans_price_unique').on(table.priceId),
    check('subscription_plans_list_check', sql`${table.list} in ('teams', 'gth', 'meh')`),
    check('subscription_plans_item_check', sql`${table.item} in ('teams', 'user')`),
    check('subscription_plans_interval_check', sql`${table.interval} in ('month', 'year')`),
    check(
      'subscription_plans_cost_check',
      sql`${table.cost} >= 0 and (${table.priceId} is null) = (${table.cost} = 0)`,
    ),
  ],
);

/**
 * A team's or a user's standing on one plan list. No row: the free tier (Rookie, Free).
 * One row per subscriber and list (the unique indexes): createSubscription and the webhooks
 * lock it, which is what keeps a subscriber from ever holding two running subscriptions.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').$type<PlanList>().notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('none'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The open Checkout of a first subscription: a second request while it is open gets the same page. */
    checkoutSessionId: text('checkout_session_id'),
    checkoutUrl: text('checkout_url'),
    checkoutPlanId: text('checkout_plan_id'),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_team_list_unique')
      .on(table.teamId, table.list)
      .where(sql`${table.teamId} is not null`),
    uniqueIndex('subscriptions_user_list_unique')
      .on(table.userId, table.list)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('subscriptions_stripe_subscription_unique').on(table.stripeSubscriptionId),
    check('subscriptions_one_subscriber_check', sql`(${table.teamId} is null) <> (${table.userId} is null)`),
    check('subscriptions_list_check', sql`${table.list} in ('teams', 'gth', 'meh')`),
  ],
);
