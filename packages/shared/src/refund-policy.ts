import { z } from 'zod';

/**
 * The refund policy an organizer sets on a priced event (issue 13, decision 035): leaving more
 * than `deadlineHours` before a date starts refunds in full; later, nothing or a credit with the
 * organizer. 0 hours = no deadline: leaving any time before the start is refunded. The default
 * (24 h, no refund) is the rule every paid game had before the policy existed (decision 033).
 */
export const refundDeadlineChoices = [0, 2, 12, 24, 48, 72, 168] as const;
export type RefundDeadlineHours = (typeof refundDeadlineChoices)[number];
export const defaultRefundDeadlineHours: RefundDeadlineHours = 24;

export const refundAfterDeadlineChoices = ['none', 'credit'] as const;
export type RefundAfterDeadline = (typeof refundAfterDeadlineChoices)[number];
export const refundAfterDeadlineLabels: Record<RefundAfterDeadline, string> = {
  none: 'No refund',
  credit: 'Credit with this organizer',
};

export interface RefundPolicy {
  deadlineHours: number;
  afterDeadline: RefundAfterDeadline;
}

export const refundDeadlineHoursField = z
  .number({ error: 'Choose a refund deadline.' })
  .int()
  .refine((hours) => (refundDeadlineChoices as readonly number[]).includes(hours), 'Choose a refund deadline.')
  .default(defaultRefundDeadlineHours);
export const refundAfterDeadlineField = z
  .enum(refundAfterDeadlineChoices, { error: 'Choose what happens after the deadline.' })
  .default('none');

/** '24 hours', '1 week'; 0 reads as "the start". */
export function deadlineLabel(hours: number): string {
  if (hours === 0) return 'No deadline: until the start';
  if (hours === 168) return '1 week before';
  return `${hours} hours before`;
}

/** True when leaving at `at` is before the deadline: the payment is refunded in full. */
export function leavesInTime(
  policy: Pick<RefundPolicy, 'deadlineHours'>,
  startsAt: Date | number | string,
  at: Date | number | string,
) {
  return new Date(startsAt).getTime() - new Date(at).getTime() > policy.deadlineHours * 60 * 60 * 1000;
}

const beforeStart = (hours: number) =>
  hours === 0
    ? 'any time before it starts'
    : `more than ${hours === 168 ? '1 week' : `${hours} hours`} before it starts`;

/** The policy as players read it on the event page, before they pay. */
export function refundPolicyText(policy: RefundPolicy): string {
  const after =
    policy.afterDeadline === 'credit'
      ? 'After that, what you paid becomes credit for your next game or season with this organizer.'
      : 'After that, leaving is not refunded.';
  return `Leave ${beforeStart(policy.deadlineHours)} for a full refund. ${policy.deadlineHours === 0 ? '' : after}`.trim();
}

/** The leave confirmation on a paid game, before the player confirms (decision 033). */
export function leaveRefundNote(policy: RefundPolicy, inTime: boolean): string {
  if (inTime) return `You paid for this game. Leaving ${beforeStart(policy.deadlineHours)} refunds you in full.`;
  return policy.afterDeadline === 'credit'
    ? 'You paid for this game. It is past the refund deadline, so what you paid becomes credit with this organizer for your next game or season.'
    : 'You paid for this game. It is past the refund deadline, so leaving now is not refunded.';
}
