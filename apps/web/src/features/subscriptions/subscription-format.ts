import type { SubscriptionPlan } from '@huddle/shared/subscriptions';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Cents to "$9.99 / month"; a free plan says Free. */
export function planPrice(plan: Pick<SubscriptionPlan, 'cost' | 'interval'>): string {
  return plan.cost === 0 ? 'Free' : `${usd.format(plan.cost / 100)} / ${plan.interval}`;
}

/** Spec §2: 'Current Period: start to end', in month and day. */
export function currentPeriodText(start: string, end: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }) : monthDay;
  return `Current Period: ${format.format(new Date(start))} to ${format.format(new Date(end))}`;
}
