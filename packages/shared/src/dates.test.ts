import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, instant, isCalendarDay, localDateTime, yearRangeMessage } from './dates.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('date fields', () => {
  it('take days, instants and wall-clock times from 1900 to 2200', () => {
    expect(calendarDate('Pick a date.').safeParse('1900-01-01').success).toBe(true);
    expect(calendarDate('Pick a date.').safeParse('2200-12-31').success).toBe(true);
    expect(instant('Pick.').safeParse('2030-06-04T18:00:00-05:00').success).toBe(true);
    expect(localDateTime('Pick.').safeParse('2028-02-29T23:59').success).toBe(true);
  });

  it('refuse year 0 and years out of range with one clear message', () => {
    for (const day of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      expect(messagesOf(calendarDate('Pick a date.').safeParse(day))).toEqual([yearRangeMessage]);
    }
    expect(messagesOf(instant('Pick.').safeParse('0000-01-01T00:00:00Z'))).toEqual([yearRangeMessage]);
    expect(messagesOf(localDateTime('Pick.').safeParse('0000-01-01T00:00'))).toEqual([yearRangeMessage]);
  });

  it('refuse impossible wall-clock times with the field message only', () => {
    for (const value of ['2030-02-30T10:00', '2030-13-01T10:00', '2030-06-04T24:00', '2030-06-04T18:60', 'soon']) {
      expect(messagesOf(localDateTime('Pick a date and time.').safeParse(value))).toEqual(['Pick a date and time.']);
    }
    expect(messagesOf(instant('Pick.').safeParse('+275760-09-13T00:00:00.000Z'))).toEqual(['Pick.']);
  });

  it('take the same days in the zod-free check as in the schema', () => {
    const samples = ['2028-02-29', '2027-02-29', '2030-02-30', '2030-04-31', '1900-01-01', '2200-12-31', '0000-01-01'];
    const days = fc.oneof(
      fc.constantFrom(...samples, '2030-6-4', ' 2030-06-04', '2030-06-04T00:00', ''),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(days, (day) => {
        expect(isCalendarDay(day), day).toBe(calendarDate('Pick a date.').safeParse(day).success);
      }),
    );
  });
});
