import type { EventView } from '@huddle/shared/events';
import { describe, expect, it } from 'vitest';
import { payLabel } from './pay-label.ts';

const view = (priceCents: number, viewerCreditCents: number) =>
  ({ event: { priceCents, viewerCreditCents } }) as unknown as EventView;

describe('the pay button of a paid game (decision 035)', () => {
  it('says the price, the credit spent first, or that credit covers it', () => {
    expect(payLabel(view(1000, 0), 1)).toBe('Pay $10 to join');
    expect(payLabel(view(1000, 400), 1)).toBe('Pay $6 ($4 credit applied)');
    expect(payLabel(view(1000, 400), 2)).toBe('Pay $16 ($4 credit applied)');
    expect(payLabel(view(600, 1000), 1)).toBe('Join with $6 credit');
  });
});
