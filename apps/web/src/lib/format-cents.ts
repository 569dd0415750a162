import { numberFormat } from './intl-formats.ts';

/** Integer cents as money: 2500, 'usd' → "$25.00" (amounts are cents end to end; issues 13 and 14). */
export function formatCents(cents: number, currency = 'usd'): string {
  return numberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
