import {
  defaultTimeRange,
  overlappingRangesMessage,
  weekDays,
  type AvailabilityBody,
  type WeekDay,
} from '@huddle/shared/availability';

/**
 * The availability editor's rules (spec §4, §5), kept apart from React so they can be
 * tested on their own. A draft range may be half-filled while the person types; the
 * rules say what is wrong with it, and `availabilityBodyFrom` turns a valid draft into
 * what the server takes (empty ranges dropped).
 */
export interface DraftRange {
  start: string;
  end: string;
}
export interface DraftDay {
  isAvailable: boolean;
  ranges: DraftRange[];
}
export type DraftWeek = Record<WeekDay, DraftDay>;
export interface DraftDate {
  date: string;
  ranges: DraftRange[];
}

export interface RangeErrors {
  start?: string;
  end?: string;
}
export interface DayErrors {
  /** A problem with the day as a whole (ticked without any time). */
  day?: string;
  /** One entry per range, in order. */
  ranges: RangeErrors[];
}

export const emptyRangeDayMessage = 'Add a time range or untick the day.';
export const noRangeDateMessage = 'Add at least one time range.';
export const missingDateMessage = 'Pick a date.';

export function defaultRange(): DraftRange {
  return { ...defaultTimeRange };
}

export function emptyWeek(): DraftWeek {
  return Object.fromEntries(weekDays.map((day) => [day, { isAvailable: false, ranges: [] }])) as unknown as DraftWeek;
}

/** The editor's starting point: what was saved, or an empty week before the first save. */
export function draftFrom(saved: AvailabilityBody | null): { week: DraftWeek; dates: DraftDate[] } {
  if (!saved) return { week: emptyWeek(), dates: [] };
  const week = Object.fromEntries(
    weekDays.map((day) => [
      day,
      { isAvailable: saved.weekly[day].isAvailable, ranges: saved.weekly[day].ranges.map((range) => ({ ...range })) },
    ]),
  ) as unknown as DraftWeek;
  const dates = saved.dates.map((entry) => ({ date: entry.date, ranges: entry.ranges.map((range) => ({ ...range })) }));
  return { week, dates: sortDates(dates) };
}

/** Ticking a day with no ranges adds 17:00-20:00; unticking clears its ranges. */
export function setDayAvailable(day: DraftDay, isAvailable: boolean): DraftDay {
  if (!isAvailable) return { isAvailable: false, ranges: [] };
  return { isAvailable: true, ranges: day.ranges.length > 0 ? day.ranges : [defaultRange()] };
}

/** A new range starts blank (a blank range is dropped on save); the first one is 17:00-20:00. */
export function addRange(day: DraftDay): DraftDay {
  const next = day.ranges.length === 0 ? defaultRange() : { start: '', end: '' };
  return { isAvailable: true, ranges: [...day.ranges, next] };
}

/** Removing the last range leaves the day unavailable. */
export function removeRange(day: DraftDay, index: number): DraftDay {
  const ranges = day.ranges.filter((_range, position) => position !== index);
  return { isAvailable: ranges.length > 0 && day.isAvailable, ranges };
}

export function updateRange(day: DraftDay, index: number, change: Partial<DraftRange>): DraftDay {
  return {
    ...day,
    ranges: day.ranges.map((range, position) => (position === index ? { ...range, ...change } : range)),
  };
}

/** 'Copy To All Other Days': every other day gets this day's setting (its own copy). */
export function copyToAllDays(week: DraftWeek, from: WeekDay): DraftWeek {
  const source = week[from];
  return Object.fromEntries(
    weekDays.map((day) => [
      day,
      day === from ? source : { isAvailable: source.isAvailable, ranges: source.ranges.map((range) => ({ ...range })) },
    ]),
  ) as unknown as DraftWeek;
}

export function isEmptyRange(range: DraftRange): boolean {
  return range.start.trim() === '' && range.end.trim() === '';
}

const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Browsers may give "17:00:00" from a time input with seconds; keep HH:MM. */
export function normalizeTime(value: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(value.trim());
  return match ? `${match[1]}:${match[2]}` : value.trim();
}

/**
 * The same rules as the shared schema: start and end required, end after start, and a
 * range that overlaps an earlier one carries the overlap message. Blank ranges are
 * skipped: they are dropped on save.
 */
export function rangeErrors(ranges: DraftRange[]): RangeErrors[] {
  const errors: RangeErrors[] = ranges.map(() => ({}));
  const complete: boolean[] = ranges.map(() => false);
  ranges.forEach((range, index) => {
    if (isEmptyRange(range)) return;
    const start = normalizeTime(range.start);
    const end = normalizeTime(range.end);
    const error = errors[index] as RangeErrors;
    if (!start) error.start = 'Enter a start time.';
    else if (!clockTime.test(start)) error.start = 'Enter a time as HH:MM.';
    if (!end) error.end = 'Enter an end time.';
    else if (!clockTime.test(end)) error.end = 'Enter a time as HH:MM.';
    if (!error.start && !error.end && end <= start) error.end = 'End must be after start.';
    complete[index] = !error.start && !error.end;
  });
  ranges.forEach((range, index) => {
    if (!complete[index]) return;
    const overlaps = ranges.some(
      (other, otherIndex) =>
        otherIndex < index &&
        complete[otherIndex] &&
        normalizeTime(range.start) < normalizeTime(other.end) &&
        normalizeTime(other.start) < normalizeTime(range.end),
    );
    if (overlaps) (errors[index] as RangeErrors).start = overlappingRangesMessage;
  });
  return errors;
}

export function dayErrors(day: DraftDay): DayErrors {
  const ranges = rangeErrors(day.ranges);
  const hasTime = day.ranges.some((range) => !isEmptyRange(range));
  return { ranges, day: day.isAvailable && !hasTime ? emptyRangeDayMessage : undefined };
}

export function isDayValid(day: DraftDay): boolean {
  const errors = dayErrors(day);
  return !errors.day && errors.ranges.every((range) => !range.start && !range.end);
}

export function isWeekValid(week: DraftWeek): boolean {
  return weekDays.every((day) => isDayValid(week[day]));
}

/** The date dialog: a date, and at least one valid range. */
export function dateEntryErrors(entry: DraftDate): { date?: string; ranges: RangeErrors[]; day?: string } {
  const ranges = rangeErrors(entry.ranges);
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(entry.date) ? undefined : missingDateMessage,
    ranges,
    day: entry.ranges.some((range) => !isEmptyRange(range)) ? undefined : noRangeDateMessage,
  };
}

export function isDateEntryValid(entry: DraftDate): boolean {
  const errors = dateEntryErrors(entry);
  return !errors.date && !errors.day && errors.ranges.every((range) => !range.start && !range.end);
}

function cleanRanges(ranges: DraftRange[]): DraftRange[] {
  return ranges
    .filter((range) => !isEmptyRange(range))
    .map((range) => ({ start: normalizeTime(range.start), end: normalizeTime(range.end) }));
}

function sortDates(dates: DraftDate[]): DraftDate[] {
  return [...dates].sort((a, b) => a.date.localeCompare(b.date));
}

/** Adds a date entry; a date already listed is replaced by the new one. */
export function addDateEntry(dates: DraftDate[], entry: DraftDate): DraftDate[] {
  return sortDates([
    ...dates.filter((existing) => existing.date !== entry.date),
    { ...entry, ranges: cleanRanges(entry.ranges) },
  ]);
}

/** What the server takes: blank ranges dropped, a ticked day without time unticked. */
export function availabilityBodyFrom(week: DraftWeek, dates: DraftDate[]): AvailabilityBody {
  const weekly = Object.fromEntries(
    weekDays.map((day) => {
      const ranges = week[day].isAvailable ? cleanRanges(week[day].ranges) : [];
      return [day, { isAvailable: week[day].isAvailable && ranges.length > 0, ranges }];
    }),
  ) as AvailabilityBody['weekly'];
  return {
    weekly,
    dates: sortDates(dates)
      .map((entry) => ({ date: entry.date, ranges: cleanRanges(entry.ranges) }))
      .filter((entry) => entry.ranges.length > 0),
  };
}
