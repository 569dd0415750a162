import { z } from 'zod';
import { isValidTimeZone } from './event-occurrences.ts';

/** An IANA time zone name ("America/Chicago"), as browsers report it. */
export const timeZoneName = z
  .string({ error: 'Choose a time zone.' })
  .max(64, 'Choose a valid time zone.')
  .refine(isValidTimeZone, 'Choose a valid time zone.');

/**
 * Dates people type. A year outside this range is a typo, and some are worse than that:
 * PostgreSQL has no year 0, so "0000-01-01" failed inside a query as a 500.
 */
export const yearRange = { min: 1900, max: 2200 } as const;
export const yearRangeMessage = `Pick a year between ${yearRange.min} and ${yearRange.max}.`;

const inYearRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= yearRange.min && year <= yearRange.max;
};

/**
 * A real calendar day, 'YYYY-MM-DD', in the year range: calendarDate's rule without zod, for
 * checks that run on pages (a form's date answer) whose module the site pages import too: a
 * function of this module that needs zod would bring zod to every site page (decision 041).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && inYearRange(value);
}

/** A calendar day, 'YYYY-MM-DD'. */
export const calendarDate = (message: string) =>
  z.iso.date({ error: message, abort: true }).refine(inYearRange, yearRangeMessage);

/** An instant with its offset or Z, as the web sends it from a date and time picker. */
export const instant = (message: string) =>
  z.iso.datetime({ offset: true, error: message, abort: true }).refine(inYearRange, yearRangeMessage);

/** A real wall-clock time, 'YYYY-MM-DDTHH:mm' (no "2030-02-30T25:61"). */
const isWallClock = (value: string) => {
  const parsed = new Date(`${value}:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 16) === value;
};

/** A wall-clock date and time in a zone the schema names elsewhere, 'YYYY-MM-DDTHH:mm'. */
export const localDateTime = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: message, abort: true })
    .refine(isWallClock, { error: message, abort: true })
    .refine(inYearRange, yearRangeMessage);
