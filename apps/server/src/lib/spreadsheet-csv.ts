import { stringify } from 'csv-stringify/sync';

/**
 * A spreadsheet reads a cell starting with one of these as a formula (=HYPERLINK(…) sends the
 * reader's click anywhere; older ones ran commands). Tab and carriage return count too:
 * some spreadsheets drop them and then read what follows. OWASP "CSV Injection".
 */
const formulaStart = /^[=+\-@\t\r]/;

/** The text a person typed, shown as text: a leading apostrophe keeps it from being a formula. */
export const neutraliseFormula = (cell: string): string => (formulaStart.test(cell) ? `'${cell}` : cell);

/**
 * CSV for spreadsheets, with a header row. Every text cell is neutralised, so names, emails
 * and group names that other people chose cannot become formulas in an organizer's sheet.
 */
export function writeSpreadsheetCsv(columns: string[], rows: string[][]): string {
  return stringify(rows, { header: true, columns, cast: { string: neutraliseFormula } });
}
