import { Readable } from 'node:stream';
import type { Transaction } from '@huddle/shared/invoices';
import { settledStatusLabels, paymentKindLabels, transactionMoneyColumns } from '@huddle/shared/invoices';
import { stringify } from 'csv-stringify';
import { neutraliseFormula } from '../../lib/spreadsheet-csv.ts';

export const transactionCsvColumns = [
  'Date',
  'Receipt',
  'Description',
  'Kind',
  'Team',
  'Payer',
  'Payer email',
  'Quantity',
  // The Transactions table's money columns, in its order (credit included, decision 039).
  ...transactionMoneyColumns.map((column) => column.label),
  'Currency',
  'Status',
];

/** Cents as a spreadsheet reads money: 1250 → "12.50". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Text other people chose (descriptions, team and payer names, emails) passes the formula guard;
 * the amounts are Huddle's own numbers and stay numbers (a net of -1.25 is not a formula).
 */
function csvRow(row: Transaction): string[] {
  const text = neutraliseFormula;
  return [
    row.paidAt.slice(0, 10),
    text(row.receiptNumber ?? ''),
    text(row.description),
    paymentKindLabels[row.kind],
    text(row.teamName ?? ''),
    text(row.payerName),
    text(row.payerEmail),
    String(row.quantity),
    ...transactionMoneyColumns.map((column) => dollars(row[column.key])),
    row.currency.toUpperCase(),
    settledStatusLabels[row.status],
  ];
}

/**
 * The transactions as a CSV stream: csv-stringify quotes commas, quotes and line breaks, and
 * every text cell passes the formula guard (a payer's name such as "=HYPERLINK(…)" stays text).
 * Rows flow from the database batch by batch, with back-pressure.
 */
export function transactionsCsvStream(rows: AsyncIterable<Transaction>): Readable {
  const csv = stringify({ header: true, columns: transactionCsvColumns });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield csvRow(row);
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
