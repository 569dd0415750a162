import { settledStatusLabels, type Invoice, type SettledStatus } from '@huddle/shared/invoices';
import { dateTimeFormat } from '../../lib/intl-formats.ts';

import { formatCents } from '../../lib/format-cents.ts';

export { formatCents };

/** The day a payment was made: "Nov 26, 2026". */
export function formatPaidDay(iso: string, timeZone?: string): string {
  return dateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}

/** Spec §2: Paid, Refunded, Partially refunded. */
export const statusLabel = (status: SettledStatus) => settledStatusLabels[status];

/** Filled, in shades dark enough for white text at 4.5:1 (axe runs on every page). */
export const statusColor: Record<SettledStatus, string> = {
  paid: 'huddle.9',
  partially_refunded: 'blue.9',
  refunded: 'gray.9',
};

/** The years the Invoices filter offers: this year and the five before it, newest first. */
export function invoiceYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 6 }, (_, index) => year - index);
}

/** Decision 035: credit that paid part of an invoice, or its value turned into credit. */
export function creditNote(invoice: Pick<Invoice, 'creditAppliedCents' | 'creditedCents' | 'currency'>) {
  const notes = [
    invoice.creditAppliedCents > 0 && `${formatCents(invoice.creditAppliedCents, invoice.currency)} credit applied`,
    invoice.creditedCents > 0 && `${formatCents(invoice.creditedCents, invoice.currency)} given back as credit`,
  ].filter(Boolean);
  return notes.join(' · ');
}
