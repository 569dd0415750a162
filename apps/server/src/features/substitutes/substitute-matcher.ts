import { weekDays, type AvailabilityBody, type TimeRange } from '@huddle/shared/availability';
import { instantToLocal } from '@huddle/shared/event-occurrences';

/**
 * Does a person's availability (spec §3: weekly days plus date-specific entries) cover a game?
 * Decision 028. Everything is compared on the wall clock of the game's time zone: a substitute
 * who says "Mondays 17:00-20:00" means 17:00 where the game is played, whatever the daylight
 * saving rules did that week. Times are read as "wall-clock minutes" (the local date and time
 * written as if it were UTC), so day arithmetic has no offsets in the way.
 *
 * - A date-specific entry replaces the weekly day of that date (the dialog of spec §2 says
 *   "this date, these ranges").
 * - A range whose end is not after its start runs overnight into the next day (22:00-02:00), so
 *   a game at 01:00 on Tuesday is covered by Monday's range.
 * - The form of spec §5 cannot save an end before the start, so people write a night as two
 *   ranges, "22:00-23:59" and "00:00-02:00": an end of 23:59 is read as midnight, and ranges
 *   that touch are joined, so a game from 23:00 to 01:00 is covered by the pair.
 * - The whole game must fit in one stretch of availability, from its start to its end.
 */
export interface GameTime {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

const dayMs = 24 * 60 * 60 * 1000;
/** The last minute the time picker offers; a range ending then runs to midnight. */
const endOfDay = '23:59';

const wallClock = (date: string, time: string): number => Date.parse(`${date}T${time}:00Z`);
const dateOf = (wall: number): string => new Date(wall).toISOString().slice(0, 10);
const weekDayOf = (date: string) => weekDays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The ranges a person gave for one local date: the date's own entry, else its weekly day. */
export function rangesOn(availability: AvailabilityBody, date: string): TimeRange[] {
  const specific = availability.dates.find((entry) => entry.date === date);
  if (specific) return specific.ranges;
  const day = availability.weekly[weekDayOf(date)];
  return day.isAvailable ? day.ranges : [];
}

/** A range of a date as a stretch of wall-clock time, overnight ranges reaching into the next day. */
function stretchOf(date: string, range: TimeRange): [number, number] {
  const start = wallClock(date, range.start);
  let end = range.end === endOfDay ? wallClock(date, '00:00') + dayMs : wallClock(date, range.end);
  if (end <= start) end += dayMs;
  return [start, end];
}

/** The game's start and end on its own wall clock. */
function gameStretch({ startsAt, endsAt, timeZone }: GameTime): [number, number] {
  const start = Date.parse(`${instantToLocal(startsAt, timeZone)}:00Z`);
  const end = Date.parse(`${instantToLocal(endsAt, timeZone)}:00Z`);
  // The night the clocks fall back shows an hour twice: a game in it can end "before" it
  // starts on the wall clock. Its real length is what it takes from the person's evening.
  return end > start ? [start, end] : [start, start + (endsAt.getTime() - startsAt.getTime())];
}

export function availabilityCovers(availability: AvailabilityBody | null, game: GameTime): boolean {
  if (!availability) return false;
  const [start, end] = gameStretch(game);
  // The day before the game can reach into it overnight; a game past midnight needs its later days.
  const stretches: [number, number][] = [];
  for (let day = wallClock(dateOf(start), '00:00') - dayMs; day <= end; day += dayMs) {
    const date = dateOf(day);
    for (const range of rangesOn(availability, date)) stretches.push(stretchOf(date, range));
  }
  stretches.sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const stretch of stretches) {
    const last = joined.at(-1);
    if (last && stretch[0] <= last[1]) last[1] = Math.max(last[1], stretch[1]);
    else joined.push([...stretch]);
  }
  return joined.some(([from, to]) => from <= start && end <= to);
}
