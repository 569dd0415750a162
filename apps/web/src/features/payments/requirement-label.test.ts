import { describe, expect, it } from 'vitest';
import { requirementLabel, requirementLabels } from './requirement-label.ts';

describe('what Stripe still needs, in words', () => {
  it('names the usual requirements and words the rest', () => {
    expect(requirementLabel('external_account')).toBe('Bank account for payouts');
    expect(requirementLabel('company.tax_id')).toBe('Tax id');
  });

  it('lists each once', () => {
    expect(requirementLabels(['individual.dob.day', 'individual.dob.month', 'external_account'])).toEqual([
      'Date of birth',
      'Bank account for payouts',
    ]);
  });
});
