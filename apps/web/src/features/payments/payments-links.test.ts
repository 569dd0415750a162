import { showsTransactions } from '@huddle/shared/platforms';
import { describe, expect, it } from 'vitest';
import { paymentsLinks } from './components/payments-settings.tsx';

describe('Settings › Payments links (spec §2)', () => {
  it("lists Transactions, Invoices, community pricing and my communities, in the spec's order", () => {
    expect(paymentsLinks({ showsTransactions: showsTransactions('gth'), showsPricing: true })).toEqual([
      { to: '/transactions', label: 'Transactions' },
      { to: '/invoices', label: 'Invoices' },
      { to: '/community/pricing?for=me', label: 'Community pricing' },
      { to: '/my-communities', label: 'My communities' },
    ]);
  });

  it('hides Transactions on the meh variant, and pricing while the subscriptions flag is off', () => {
    expect(
      paymentsLinks({ showsTransactions: showsTransactions('meh'), showsPricing: false }).map((link) => link.label),
    ).toEqual(['Invoices', 'My communities']);
  });
});
