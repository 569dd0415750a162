import { describe, expect, it } from 'vitest';
import { leaveRefundNote, leavesInTime, refundPolicyText } from './refund-policy.ts';

const start = Date.parse('2030-06-04T23:00:00Z');
const hours = (n: number) => n * 60 * 60 * 1000;

describe('refund policy (decision 035)', () => {
  it('is in time only strictly before the deadline; 0 hours means until the start', () => {
    expect(leavesInTime({ deadlineHours: 24 }, start, start - hours(25))).toBe(true);
    expect(leavesInTime({ deadlineHours: 24 }, start, start - hours(24))).toBe(false);
    expect(leavesInTime({ deadlineHours: 0 }, start, start - 60_000)).toBe(true);
    expect(leavesInTime({ deadlineHours: 0 }, start, start)).toBe(false);
  });

  it('says the policy to players before they pay, and on leaving what happens', () => {
    expect(refundPolicyText({ deadlineHours: 24, afterDeadline: 'none' })).toBe(
      'Leave more than 24 hours before it starts for a full refund. After that, leaving is not refunded.',
    );
    expect(refundPolicyText({ deadlineHours: 168, afterDeadline: 'credit' })).toContain('more than 1 week before');
    expect(refundPolicyText({ deadlineHours: 0, afterDeadline: 'credit' })).toBe(
      'Leave any time before it starts for a full refund.',
    );
    expect(leaveRefundNote({ deadlineHours: 2, afterDeadline: 'credit' }, false)).toContain('becomes credit');
    expect(leaveRefundNote({ deadlineHours: 2, afterDeadline: 'none' }, false)).toContain('not refunded');
    expect(leaveRefundNote({ deadlineHours: 2, afterDeadline: 'none' }, true)).toContain('more than 2 hours');
  });
});
