import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * When an event happens (spec §3 "next date from a given date"). An event is held in its own
 * IANA zone: a weekly 18:00 game stays at 18:00 on the wall clock across daylight-saving
 * changes, so occurrences are computed from local dates and times, then turned into instants.
 */
export interface EventSchedule {
  timeZone: string;
  /** Local wall-clock start and end of the first occurrence, 'YYYY-MM-DDTHH:mm'. */
  startLocal: string;
  endLocal: string;
  /** null: a one-off event. */
  repeat: WeeklyRepeat | null;
}

export interface WeeklyRepeat {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. The first occurrence's weekday always counts. */
  weekdays: number[];
  /** The last local date an occurrence may fall on (inclusive), or null when count is set. */
  until: string | null;
  /** How many occurrences in all, the first included, or null when until is set. */
  count: number | null;
}

export interface Occurrence {
  startsAt: Date;
  endsAt: Date;
}

/** A series never runs longer than this, so every computation stays small. */
export const maxSeriesDays = 2 * 366;
export const maxOccurrences = 200;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A local wall-clock time in a zone to the instant it names. */
export function localToInstant(local: string, zone: string): Date {
  return dayjs.tz(local, 'YYYY-MM-DDTHH:mm', zone).toDate();
}

/** An instant as 'YYYY-MM-DDTHH:mm' on the wall clock of a zone. */
export function instantToLocal(instant: Date, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DDTHH:mm');
}

/** Every occurrence of the schedule, in order. */
export function listOccurrences(schedule: EventSchedule): Occurrence[] {
  const { timeZone, startLocal, endLocal, repeat } = schedule;
  const first = { startsAt: localToInstant(startLocal, timeZone), endsAt: localToInstant(endLocal, timeZone) };
  if (!repeat) return [first];

  const startDate = dayjs(startLocal.slice(0, 10));
  const startTime = startLocal.slice(11, 16);
  // The end may fall on a later day (a game past midnight); keep the same day offset and time.
  const endDayOffset = dayjs(endLocal.slice(0, 10)).diff(startDate, 'day');
  const endTime = endLocal.slice(11, 16);
  const weekdays = new Set([...repeat.weekdays, isoWeekday(startDate)]);
  const lastDate = repeat.until ? dayjs(repeat.until) : startDate.add(maxSeriesDays, 'day');
  const limit = Math.min(repeat.count ?? maxOccurrences, maxOccurrences);

  const occurrences: Occurrence[] = [];
  for (let day = startDate; !day.isAfter(lastDate) && occurrences.length < limit; day = day.add(1, 'day')) {
    if (day.diff(startDate, 'day') > maxSeriesDays) break;
    if (!weekdays.has(isoWeekday(day))) continue;
    const date = day.format('YYYY-MM-DD');
    const endDate = day.add(endDayOffset, 'day').format('YYYY-MM-DD');
    occurrences.push({
      startsAt: localToInstant(`${date}T${startTime}`, timeZone),
      endsAt: localToInstant(`${endDate}T${endTime}`, timeZone),
    });
  }
  return occurrences;
}

/**
 * The first occurrence that has not ended by `from`: a game in progress still counts, as on
 * Meetup. null when the series is over (spec §3 inPast).
 */
export function nextOccurrence(schedule: EventSchedule, from: Date): Occurrence | null {
  return listOccurrences(schedule).find((occurrence) => occurrence.endsAt > from) ?? null;
}

/** The coming occurrences from `from`, at most `limit`. */
export function upcomingOccurrences(schedule: EventSchedule, from: Date, limit: number): Occurrence[] {
  return listOccurrences(schedule)
    .filter((occurrence) => occurrence.endsAt > from)
    .slice(0, limit);
}

/** The end of the last occurrence: stored so "future events" is one indexed comparison. */
export function seriesEnd(schedule: EventSchedule): Date {
  const occurrences = listOccurrences(schedule);
  return occurrences[occurrences.length - 1]?.endsAt ?? localToInstant(schedule.endLocal, schedule.timeZone);
}

function isoWeekday(day: dayjs.Dayjs): number {
  return day.day() === 0 ? 7 : day.day();
}
