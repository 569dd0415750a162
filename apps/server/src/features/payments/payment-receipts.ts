import { sql } from 'drizzle-orm';

/**
 * The next receipt number as an SQL expression, for an INSERT or UPDATE of the payments ledger:
 * 'HDL-' and at least six digits from the one sequence every ledger writer draws from
 * (payments.schema.ts, paymentReceiptNumbers), so two payments succeeding at once never share
 * one. Draw it only when a payment succeeds: numbers are not given back.
 */
export const nextReceiptNumber = () =>
  sql<string>`(select 'HDL-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('payment_receipt_numbers') as n)`;
