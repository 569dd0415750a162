import { describe, expect, it } from 'vitest';
import { writeSpreadsheetCsv } from './spreadsheet-csv.ts';

describe('writeSpreadsheetCsv', () => {
  it('writes formulas as text: a leading apostrophe for =, +, -, @, tab and carriage return', () => {
    const hostile = ['=HYPERLINK("https://evil.example","Open")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    const csv = writeSpreadsheetCsv(
      ['Name'],
      hostile.map((cell) => [cell]),
    );
    expect(csv).toBe(
      [
        'Name',
        `"'=HYPERLINK(""https://evil.example"",""Open"")"`,
        "'+1+2",
        "'-2+3",
        "'@SUM(A1)",
        "'\t=1",
        `"'\r=1"`,
        '',
      ].join('\n'),
    );
  });

  it('leaves ordinary text alone, formula characters inside it included', () => {
    const csv = writeSpreadsheetCsv(['Name', 'Email'], [['Kim Lee', 'kim+team=a@example.com']]);
    expect(csv).toBe('Name,Email\nKim Lee,kim+team=a@example.com\n');
  });
});
