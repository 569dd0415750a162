import { describe, expect, it } from 'vitest';
import { defaultStripeCountry, linkStripeAccountBody, stripeCountries } from './payments.ts';

describe('the Stripe home countries (spec §9)', () => {
  it('are 45, unique, without GB, with US the default', () => {
    const codes = stripeCountries.map((country) => country.code);
    expect(codes).toHaveLength(45);
    expect(new Set(codes).size).toBe(45);
    expect(codes).not.toContain('GB');
    for (const named of ['AU', 'AT', 'BE', 'BR', 'CA', 'DE', 'FR', 'US']) expect(codes).toContain(named);
    expect(defaultStripeCountry).toBe('US');
  });

  it('refuses a country outside the list and defaults to US', () => {
    expect(linkStripeAccountBody.safeParse({ type: 'new', country: 'GB' }).success).toBe(false);
    expect(linkStripeAccountBody.parse({ type: 'new' }).country).toBe('US');
  });
});
