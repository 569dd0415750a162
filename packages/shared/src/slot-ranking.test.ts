import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekDays, type AvailabilityBody, type TimeRange } from './availability.ts';
import { instantToLocal } from './event-occurrences.ts';
import { candidateSlots, rankSlots, type RankingInput, type RankingMember } from './slot-ranking.ts';

const zones = ['America/Chicago', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Up to three non-overlapping ranges on a 15-minute grid, some ending at 23:59 (until midnight). */
const ranges = fc
  .uniqueArray(fc.integer({ min: 0, max: 95 }), { minLength: 2, maxLength: 6 })
  .map((marks): TimeRange[] => {
    const sorted = [...marks].sort((a, b) => a - b);
    const list: TimeRange[] = [];
    for (let index = 0; index + 1 < sorted.length; index += 2) {
      const end = sorted[index + 1]! === 95 ? '23:59' : clock(sorted[index + 1]! * 15);
      list.push({ start: clock(sorted[index]! * 15), end });
    }
    return list;
  });

const availability = fc.record({
  timeZone: fc.constantFrom(...zones),
  week: fc.array(fc.option(ranges, { nil: null }), { minLength: 7, maxLength: 7 }),
  dates: fc.array(fc.record({ offset: fc.integer({ min: -1, max: 15 }), ranges }), { maxLength: 3 }),
});

/** Windows across the US and European spring changes and the US autumn one. */
const windowStart = fc.constantFrom('2030-03-04', '2030-03-25', '2030-10-28', '2030-04-01');
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const members = (startDate: string) =>
  fc
    .array(
      fc.record({
        availability: fc.option(availability, { nil: null }),
        gameAt: fc.option(fc.integer({ min: 0, max: 13 * 48 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((drawn) =>
      drawn.map((member, index): RankingMember => ({
        id: `member-${index}`,
        availability: member.availability && {
          timeZone: member.availability.timeZone,
          weekly: Object.fromEntries(
            weekDays.map((day, dayIndex) => {
              const list = member.availability!.week[dayIndex];
              return [day, list ? { isAvailable: true, ranges: list } : { isAvailable: false, ranges: [] }];
            }),
          ) as AvailabilityBody['weekly'],
          dates: [
            ...new Map(member.availability.dates.map((entry) => [addDays(startDate, entry.offset), entry.ranges])),
          ].map(([date, list]) => ({ date, ranges: list })),
        },
        games:
          member.gameAt === null
            ? []
            : [
                {
                  start: Date.parse(`${startDate}T00:00:00Z`) + member.gameAt * 1_800_000,
                  end: Date.parse(`${startDate}T00:00:00Z`) + member.gameAt * 1_800_000 + 5_400_000,
                },
              ],
      })),
    );

/** The oracle, straight from the wall clock: is the member available at this instant? */
function availableAt(member: NonNullable<RankingMember['availability']>, at: number): boolean {
  const local = instantToLocal(new Date(at), member.timeZone);
  const date = local.slice(0, 10);
  const time = local.slice(11, 16);
  const weekday = weekDays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  const specific = member.dates.find((entry) => entry.date === date);
  const list = specific ? specific.ranges : member.weekly[weekday].isAvailable ? member.weekly[weekday].ranges : [];
  return list.some((range) => range.start <= time && (time < range.end || range.end === '23:59'));
}

/**
 * Every range end is on a quarter hour of its zone, every zone here is a whole quarter hour off
 * UTC, and slots start on the half hour: checking each quarter hour checks every minute.
 */
const quarterHour = 15 * 60_000;

const inputFor = (startDate: string, list: RankingMember[], durationMinutes: number): RankingInput => ({
  timeZone: 'America/Chicago',
  startDate,
  days: 14,
  durationMinutes,
  earliest: '00:00',
  latest: '23:30',
  stepMinutes: 30,
  minPlayers: 1,
  limit: 20,
  notBefore: 0,
  members: list,
});

describe('slot ranking', () => {
  it('counts a member free only when their own wall clock says free for every minute of the slot, and never while in a game', () => {
    fc.assert(
      fc.property(
        windowStart.chain((startDate) =>
          fc.tuple(fc.constant(startDate), members(startDate), fc.constantFrom(30, 60, 90, 120)),
        ),
        ([startDate, list, duration]) => {
          const { slots, noAvailability } = rankSlots(inputFor(startDate, list, duration));
          const byId = new Map(list.map((member) => [member.id, member]));
          for (const slot of slots) {
            expect(slot.end - slot.start).toBe(duration * 60_000);
            for (const id of slot.free) {
              const member = byId.get(id)!;
              expect(member.availability).not.toBeNull();
              for (let at = slot.start; at < slot.end; at += quarterHour)
                expect(availableAt(member.availability!, at)).toBe(true);
              expect(member.games.some((game) => game.start < slot.end && slot.start < game.end)).toBe(false);
            }
            for (const id of slot.busy) expect(slot.free).not.toContain(id);
          }
          expect(noAvailability).toEqual(list.filter((member) => !member.availability).map((member) => member.id));
        },
      ),
      { numRuns: 25 },
    );
    // Many wall-clock readings per run: more than the default five seconds on a busy machine.
  }, 30_000);

  it('orders slots by free members, most first, then by start', () => {
    fc.assert(
      fc.property(
        windowStart.chain((startDate) => fc.tuple(fc.constant(startDate), members(startDate))),
        ([startDate, list]) => {
          const { slots } = rankSlots(inputFor(startDate, list, 60));
          for (let index = 1; index < slots.length; index += 1) {
            const previous = slots[index - 1]!;
            const current = slots[index]!;
            expect(
              previous.free.length > current.free.length ||
                (previous.free.length === current.free.length && previous.start < current.start),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("offers no start the clocks skip and each start they show twice once, on the team's wall clock", () => {
    const slots = candidateSlots({
      timeZone: 'America/Chicago',
      startDate: '2030-03-10',
      days: 1,
      durationMinutes: 60,
      earliest: '00:00',
      latest: '05:00',
      stepMinutes: 30,
      notBefore: 0,
    });
    expect(slots.map((slot) => slot.startLocal.slice(11))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
    ]);
    // 01:30 CST + 60 real minutes is 03:30 CDT.
    expect(slots.find((slot) => slot.startLocal.endsWith('01:30'))?.endLocal).toBe('2030-03-10T03:30');

    const autumn = candidateSlots({
      timeZone: 'America/Chicago',
      startDate: '2030-11-03',
      days: 1,
      durationMinutes: 60,
      earliest: '00:00',
      latest: '03:00',
      stepMinutes: 30,
      notBefore: 0,
    });
    expect(autumn.map((slot) => slot.startLocal.slice(11))).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00']);
    expect(new Set(autumn.map((slot) => slot.start)).size).toBe(autumn.length);
  });

  it("joins a range until 23:59 with one from 00:00 the next day: a game across the member's midnight fits", () => {
    const weekly = Object.fromEntries(
      weekDays.map((day) => [day, { isAvailable: false, ranges: [] as TimeRange[] }]),
    ) as AvailabilityBody['weekly'];
    weekly.monday = { isAvailable: true, ranges: [{ start: '22:00', end: '23:59' }] };
    weekly.tuesday = { isAvailable: true, ranges: [{ start: '00:00', end: '01:00' }] };
    const { slots } = rankSlots({
      ...inputFor('2030-06-03', [], 120),
      days: 7,
      members: [{ id: 'night-owl', availability: { timeZone: 'America/New_York', weekly, dates: [] }, games: [] }],
    });
    // 21:30-23:30 in Chicago is 22:30-00:30 in New York.
    expect(slots.map((slot) => slot.startLocal)).toEqual(['2030-06-03T21:00', '2030-06-03T21:30']);
  });
});
