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

// Wall clocks through Intl, one formatter per zone: building a formatter is the slow part, and
// lists turn hundreds of occurrences into instants per request.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClockOf(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

// Even with the formatter kept, one reading takes microseconds, and every list reads the same
// instants (each event's start and end, the same local days) on every request: readings and
// the local times written from them are kept per zone, at most maxKept in all, then all
// forgotten at once, which bounds the memory.
const maxKept = 50_000;
let kept = 0;
const readings = new Map<string, Map<number, number>>();
const localTimes = new Map<string, Map<number, string>>();

function remember<T>(store: Map<string, Map<number, T>>, zone: string, instant: number, compute: () => T): T {
  const known = store.get(zone)?.get(instant);
  if (known !== undefined) return known;
  const value = compute();
  if (kept >= maxKept) {
    readings.clear();
    localTimes.clear();
    kept = 0;
  }
  let zoneStore = store.get(zone);
  if (!zoneStore) store.set(zone, (zoneStore = new Map()));
  zoneStore.set(instant, value);
  kept += 1;
  return value;
}

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (minutes). */
function wallClockAsUtc(instant: number, zone: string): number {
  return remember(readings, zone, instant, () => {
    const parts: Record<string, number> = {};
    for (const part of wallClockOf(zone).formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const { year = 1970, month = 1, day = 1, hour = 0, minute = 0 } = parts;
    return Date.UTC(year, month - 1, day, hour, minute);
  });
}

/** How far a zone's clocks are ahead of UTC at an instant, in ms (whole minutes). */
function offsetAt(instant: number, zone: string): number {
  return wallClockAsUtc(instant, zone) - (instant - (((instant % 60_000) + 60_000) % 60_000));
}

/**
 * A local wall-clock time ('YYYY-MM-DDTHH:mm') in a zone to the instant it names. A time the
 * clocks skip (spring forward) moves on by the jump; a time they show twice (fall back) is the
 * earlier instant, as most calendars read it.
 */
export function localToInstant(local: string, zone: string): Date {
  const wall = Date.parse(`${local.slice(0, 16)}:00Z`);
  const before = wall - offsetAt(wall - 86_400_000, zone);
  const after = wall - offsetAt(wall + 86_400_000, zone);
  // With no change of offset near that day, both guesses agree.
  if (before === after) return new Date(before);
  const candidates = [before, after].filter((instant) => wallClockAsUtc(instant, zone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In the gap: read the wall time with the offset from before the jump.
  return new Date(before);
}

/** An instant as 'YYYY-MM-DDTHH:mm' on the wall clock of a zone. */
export function instantToLocal(instant: Date, zone: string): string {
  const at = instant.getTime();
  return remember(localTimes, zone, at, () => new Date(wallClockAsUtc(at, zone)).toISOString().slice(0, 16));
}

const dayMs = 24 * 60 * 60 * 1000;
/** Calendar dates as UTC midnights: plain day arithmetic, no daylight-saving in the way. */
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const dateOf = (day: number): string => new Date(day).toISOString().slice(0, 10);
/** 1970-01-01 was a Thursday (ISO weekday 4); counted without making a Date for every day walked. */
const isoWeekdayOf = (day: number): number => ((((day / dayMs + 3) % 7) + 7) % 7) + 1;

/**
 * The occurrences in order, made one at a time so a caller can stop early. Turning a wall-clock
 * time into an instant is the costly step (tens of microseconds with the zone rules), so dates
 * whose local end day is before `endingFrom` (a day as dayOf makes it) are counted (a repeat's
 * count includes them) but not turned into instants.
 */
function* walkOccurrences(schedule: EventSchedule, endingFrom?: number): Generator<Occurrence> {
  const { timeZone, startLocal, endLocal, repeat } = schedule;
  if (!repeat) {
    yield { startsAt: localToInstant(startLocal, timeZone), endsAt: localToInstant(endLocal, timeZone) };
    return;
  }
  const firstDay = dayOf(startLocal.slice(0, 10));
  const startTime = startLocal.slice(11, 16);
  // The end may fall on a later day (a game past midnight); keep the same day offset and time.
  const endDayOffset = dayOf(endLocal.slice(0, 10)) - firstDay;
  const endTime = endLocal.slice(11, 16);
  const weekdays = new Set([...repeat.weekdays, isoWeekdayOf(firstDay)]);
  const lastDay = Math.min(repeat.until ? dayOf(repeat.until) : Infinity, firstDay + maxSeriesDays * dayMs);
  const limit = Math.min(repeat.count ?? maxOccurrences, maxOccurrences);

  let counted = 0;
  for (let day = firstDay; day <= lastDay && counted < limit; day += dayMs) {
    if (!weekdays.has(isoWeekdayOf(day))) continue;
    counted += 1;
    if (endingFrom !== undefined && day + endDayOffset < endingFrom) continue;
    yield {
      startsAt: localToInstant(`${dateOf(day)}T${startTime}`, timeZone),
      endsAt: localToInstant(`${dateOf(day + endDayOffset)}T${endTime}`, timeZone),
    };
  }
}

/**
 * The local date, in the event's zone, of the day before `instant`: an occurrence whose local
 * end date is earlier has certainly ended by `instant`, whatever the clocks did that night.
 */
const dayBeforeIn = (instant: Date, timeZone: string): number =>
  dayOf(instantToLocal(instant, timeZone).slice(0, 10)) - dayMs;

/** Every occurrence of the schedule, in order. */
export function listOccurrences(schedule: EventSchedule): Occurrence[] {
  return [...walkOccurrences(schedule)];
}

/** The occurrence starting at exactly this instant, if the schedule has one. */
export function findOccurrenceAt(schedule: EventSchedule, startsAt: Date): Occurrence | undefined {
  for (const occurrence of walkOccurrences(schedule, dayBeforeIn(startsAt, schedule.timeZone))) {
    if (occurrence.startsAt.getTime() === startsAt.getTime()) return occurrence;
    if (occurrence.startsAt > startsAt) return undefined;
  }
  return undefined;
}

/**
 * The first occurrence that has not ended by `from`: a game in progress still counts, as on
 * Meetup. null when the series is over (spec §3 inPast). `skipping`: dates called off on their
 * own, which lists pass over (issue 11).
 */
export function nextOccurrence(schedule: EventSchedule, from: Date, skipping: readonly Date[] = []): Occurrence | null {
  // Each skipped date can hide at most one occurrence, so this many always reach past them.
  const skipped = new Set(skipping.map((date) => date.getTime()));
  return (
    upcomingOccurrences(schedule, from, skipped.size + 1).find(
      (occurrence) => !skipped.has(occurrence.startsAt.getTime()),
    ) ?? null
  );
}

/** The coming occurrences from `from` (those not ended by then), at most `limit`. */
export function upcomingOccurrences(schedule: EventSchedule, from: Date, limit: number): Occurrence[] {
  const upcoming: Occurrence[] = [];
  if (limit <= 0) return upcoming;
  for (const occurrence of walkOccurrences(schedule, dayBeforeIn(from, schedule.timeZone))) {
    if (occurrence.endsAt <= from) continue;
    upcoming.push(occurrence);
    if (upcoming.length === limit) break;
  }
  return upcoming;
}

/** The end of the last occurrence: stored so "future events" is one indexed comparison. */
export function seriesEnd(schedule: EventSchedule): Date {
  const occurrences = listOccurrences(schedule);
  return occurrences[occurrences.length - 1]?.endsAt ?? localToInstant(schedule.endLocal, schedule.timeZone);
}
