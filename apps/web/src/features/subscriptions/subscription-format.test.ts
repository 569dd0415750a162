import { describe, expect, it } from 'vitest';
import { currentPeriodText, planPrice } from './subscription-format.ts';

describe('subscription display (spec §2)', () => {
  it('shows the period in month and day', () => {
    expect(currentPeriodText('2026-11-25T22:00:00Z', '2026-12-25T22:00:00Z', 'UTC')).toBe(
      'Current Period: Nov 25 to Dec 25',
    );
  });

  it('prices plans from integer cents, per month or year; a free plan says Free', () => {
    expect(planPrice({ cost: 999, interval: 'month' })).toBe('$9.99 / month');
    expect(planPrice({ cost: 5999, interval: 'year' })).toBe('$59.99 / year');
    expect(planPrice({ cost: 0, interval: 'month' })).toBe('Free');
  });
});
