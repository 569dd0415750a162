import { weekDays, type AvailabilityBody, type TimeRange } from './availability.ts';
import { instantToLocal, localToInstant } from './event-occurrences.ts';

/**
 * "Find a time" (issue 34 part 1, decision 079): which slots of a window suit a team best. Pure
 * and in memory over what the server read once per kind of data (members, their availability,
 * their joined games), so 500 members × 21 days stays far under the 300 ms budget.
 */

/** An interval of instants (epoch milliseconds), start included, end excluded. */
export interface Interval {
  start: number;
  end: number;
}

export interface RankingMember {
  id: string;
  /** Null: the member never gave availability. Ranges are on the wall clock of `timeZone`. */
  availability: { weekly: AvailabilityBody['weekly']; dates: AvailabilityBody['dates']; timeZone: string } | null;
  /** The Huddle games the member joined that touch the window. */
  games: readonly Interval[];
}

export interface RankingInput {
  /** The team's zone: candidate starts are on its wall clock. */
  timeZone: string;
  startDate: string;
  days: number;
  durationMinutes: number;
  /** 'HH:MM' on the team's wall clock: no slot starts earlier or ends later. */
  earliest: string;
  latest: string;
  stepMinutes: number;
  minPlayers: number;
  limit: number;
  /** Slots starting before this instant (now) are not offered. */
  notBefore: number;
  members: readonly RankingMember[];
}

export interface CandidateSlot extends Interval {
  startLocal: string;
  endLocal: string;
}

export interface RankedSlot extends CandidateSlot {
  /** Ids of members free for the whole slot and in no other game then, in the members' order. */
  free: string[];
  /** Ids of members in a joined game overlapping the slot. */
  busy: string[];
}

const dayMs = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (day: number) => new Date(day).toISOString().slice(0, 10);
/** Monday first, as weekDays: 1970-01-01 was a Thursday (index 3). */
const weekDayOf = (day: number) => weekDays[(((Math.floor(day / dayMs) + 3) % 7) + 7) % 7]!;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Wall clock to instant, remembered: members share a handful of zones and the same weekly
 * times, so a 500-member search turns ~25,000 range ends into a few hundred real conversions.
 *
 * The clocks' changes, read so that "free from A to B" never claims a minute whose wall time is
 * outside A-B: a time the clocks skip (spring forward) is the instant of the jump, for a start
 * and an end alike; a time they show twice (fall back) is its later instant as a start and its
 * earlier one as an end. Candidate slots read 'earliest' and skip the times that do not exist.
 */
const instants = new Map<string, number>();
const minuteMs = 60_000;
function wallClockInstant(local: string, zone: string, reading: 'earliest' | 'latest'): number {
  const key = `${reading} ${zone} ${local}`;
  let at = instants.get(key);
  if (at !== undefined) return at;
  if (instants.size > 200_000) instants.clear();
  at = localToInstant(local, zone).getTime();
  if (instantToLocal(new Date(at), zone) !== local) {
    // In a gap: back to the first instant after it (a few dozen steps, once per zone and date).
    while (instantToLocal(new Date(at - minuteMs), zone) > local) at -= minuteMs;
  } else if (reading === 'latest') {
    for (const shift of [60 * minuteMs, 30 * minuteMs]) {
      if (instantToLocal(new Date(at + shift), zone) === local) {
        at += shift;
        break;
      }
    }
  }
  instants.set(key, at);
  return at;
}

/**
 * The candidate slots: every `stepMinutes` of the team's wall clock from `earliest` on each day
 * of the window, lasting `durationMinutes` of real time and ending by `latest` on the wall clock.
 * A start the clocks skip (spring forward) is no slot; a start they show twice (fall back) is
 * its first instant once.
 */
export function candidateSlots(input: Omit<RankingInput, 'members' | 'minPlayers' | 'limit'>): CandidateSlot[] {
  const { timeZone, startDate, days, durationMinutes, earliest, latest, stepMinutes, notBefore } = input;
  const slots: CandidateSlot[] = [];
  const seen = new Set<number>();
  const first = dayOf(startDate);
  const from = minutesOf(earliest);
  const lastStart = minutesOf(latest) - durationMinutes;
  for (let day = first; day < first + days * dayMs; day += dayMs) {
    const date = dateOf(day);
    for (let minute = from; minute <= lastStart; minute += stepMinutes) {
      const startLocal = `${date}T${clock(minute)}`;
      const start = wallClockInstant(startLocal, timeZone, 'earliest');
      if (start < notBefore || seen.has(start)) continue;
      if (instantToLocal(new Date(start), timeZone) !== startLocal) continue;
      seen.add(start);
      const end = start + durationMinutes * 60_000;
      slots.push({ start, end, startLocal, endLocal: instantToLocal(new Date(end), timeZone) });
    }
  }
  return slots;
}

interface DayPlan {
  /** The date's UTC midnight (plain day arithmetic). */
  day: number;
  date: string;
  nextDate: string;
  weekDay: (typeof weekDays)[number];
}

function dayPlans(fromDay: number, toDay: number): DayPlan[] {
  const plans: DayPlan[] = [];
  for (let day = fromDay; day <= toDay; day += dayMs) {
    plans.push({ day, date: dateOf(day), nextDate: dateOf(day + dayMs), weekDay: weekDayOf(day) });
  }
  return plans;
}

/**
 * The zone's offset on a date whose clocks do not change (almost every date), else null: a
 * wall time of such a date is its UTC reading minus the offset, with no lookup per range.
 */
const steadyOffsets = new Map<string, number | null>();
function steadyOffset(zone: string, plan: DayPlan): number | null {
  const key = `${zone} ${plan.date}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    if (steadyOffsets.size > 50_000) steadyOffsets.clear();
    const midnight = wallClockInstant(`${plan.date}T00:00`, zone, 'earliest');
    const nextMidnight = wallClockInstant(`${plan.nextDate}T00:00`, zone, 'earliest');
    offset = nextMidnight - midnight === dayMs ? plan.day - midnight : null;
    steadyOffsets.set(key, offset);
  }
  return offset;
}

function rangeEnds(range: TimeRange, plan: DayPlan, zone: string): Interval {
  const offset = steadyOffset(zone, plan);
  const endsAtMidnight = range.end === '23:59';
  if (offset !== null) {
    const start = plan.day + minutesOf(range.start) * minuteMs - offset;
    if (!endsAtMidnight) return { start, end: plan.day + minutesOf(range.end) * minuteMs - offset };
    return { start, end: wallClockInstant(`${plan.nextDate}T00:00`, zone, 'earliest') };
  }
  return {
    start: wallClockInstant(`${plan.date}T${range.start}`, zone, 'latest'),
    end: wallClockInstant(endsAtMidnight ? `${plan.nextDate}T00:00` : `${plan.date}T${range.end}`, zone, 'earliest'),
  };
}

function memberIntervals(availability: NonNullable<RankingMember['availability']>, plans: readonly DayPlan[]) {
  const { weekly, dates, timeZone } = availability;
  const specific = dates.length > 0 ? new Map(dates.map((entry) => [entry.date, entry.ranges])) : null;
  const raw: Interval[] = [];
  for (const plan of plans) {
    const weeklyDay = weekly[plan.weekDay];
    const ranges = specific?.get(plan.date) ?? (weeklyDay.isAvailable ? weeklyDay.ranges : null);
    if (!ranges) continue;
    for (const range of ranges) {
      const interval = rangeEnds(range, plan, timeZone);
      if (interval.end > interval.start) raw.push(interval);
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of raw) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push(interval);
  }
  return merged;
}

/**
 * A member's free time from `fromDay` to `toDay` (UTC-midnight days, both included) as sorted,
 * merged intervals: a date-specific entry replaces the weekly ranges of its date. A range ending
 * at 23:59 runs to midnight, so "evening until 23:59" and "from 00:00" join into one stretch.
 */
export function freeIntervals(
  availability: NonNullable<RankingMember['availability']>,
  fromDay: number,
  toDay: number,
): Interval[] {
  return memberIntervals(availability, dayPlans(fromDay, toDay));
}

/** Whether merged, sorted intervals cover [start, end) whole. */
export function covers(intervals: readonly Interval[], start: number, end: number): boolean {
  // The last interval starting at or before `start`: binary search.
  let low = 0;
  let high = intervals.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (intervals[middle]!.start <= start) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 && intervals[found]!.end >= end;
}

function inGame(games: readonly Interval[], slot: Interval): boolean {
  for (const game of games) if (game.start < slot.end && slot.start < game.end) return true;
  return false;
}

/**
 * The best slots: most members free first, then earliest; only slots with at least
 * `minPlayers` free. Members without availability are listed once, apart.
 */
export function rankSlots(input: RankingInput): { slots: RankedSlot[]; noAvailability: string[] } {
  // In order of start: each member's intervals are walked once alongside them.
  const candidates = candidateSlots(input);
  // Two days either side: the members' zones may be a day ahead of or behind the team's.
  const plans = dayPlans(dayOf(input.startDate) - 2 * dayMs, dayOf(input.startDate) + (input.days + 1) * dayMs);
  const members = input.members.map((member) => ({
    id: member.id,
    free: member.availability ? memberIntervals(member.availability, plans) : null,
    games: member.games,
  }));

  const freeCounts = new Int32Array(candidates.length);
  for (const member of members) {
    const intervals = member.free;
    if (!intervals || intervals.length === 0) continue;
    let next = 0;
    for (let index = 0; index < candidates.length; index += 1) {
      const slot = candidates[index]!;
      // Intervals over before this slot starts are over for every later slot too.
      while (next < intervals.length && intervals[next]!.end <= slot.start) next += 1;
      if (next === intervals.length) break;
      const interval = intervals[next]!;
      if (interval.start <= slot.start && interval.end >= slot.end && !inGame(member.games, slot))
        freeCounts[index] = freeCounts[index]! + 1;
    }
  }

  const best = candidates
    .map((slot, index) => ({ slot, free: freeCounts[index]! }))
    .filter((entry) => entry.free >= input.minPlayers && entry.free > 0)
    .sort((a, b) => b.free - a.free || a.slot.start - b.slot.start)
    .slice(0, input.limit);

  const slots = best.map(({ slot }): RankedSlot => {
    const free: string[] = [];
    const busy: string[] = [];
    for (const member of members) {
      if (inGame(member.games, slot)) busy.push(member.id);
      else if (member.free && covers(member.free, slot.start, slot.end)) free.push(member.id);
    }
    return { ...slot, free, busy };
  });
  return {
    slots,
    noAvailability: input.members.filter((member) => !member.availability).map((member) => member.id),
  };
}
