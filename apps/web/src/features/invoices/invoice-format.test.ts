import { describe, expect, it } from 'vitest';
import { creditNote, formatCents, formatPaidDay, invoiceYears, statusLabel } from './invoice-format.ts';

describe('invoice formatting', () => {
  it('shows integer cents as dollars, without float drift', () => {
    expect(formatCents(2500)).toBe('$25.00');
    expect(formatCents(2999)).toBe('$29.99');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('names the statuses as spec §2 does', () => {
    expect(statusLabel('paid')).toBe('Paid');
    expect(statusLabel('partially_refunded')).toBe('Partially refunded');
    expect(statusLabel('refunded')).toBe('Refunded');
  });

  it('dates a payment by day, and offers this year and five before it', () => {
    expect(formatPaidDay('2026-11-26T18:00:00.000Z', 'UTC')).toBe('Nov 26, 2026');
    expect(invoiceYears(new Date('2026-03-01T00:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });
});

describe('credit on an invoice (decision 035)', () => {
  it('says the credit that paid part of it and the value given back as credit', () => {
    expect(creditNote({ creditAppliedCents: 0, creditedCents: 0, currency: 'usd' })).toBe('');
    expect(creditNote({ creditAppliedCents: 400, creditedCents: 0, currency: 'usd' })).toBe('$4.00 credit applied');
    expect(creditNote({ creditAppliedCents: 400, creditedCents: 1000, currency: 'usd' })).toBe(
      '$4.00 credit applied · $10.00 given back as credit',
    );
  });
});
