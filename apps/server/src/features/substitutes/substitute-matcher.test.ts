import { weekDays, type AvailabilityBody, type TimeRange, type WeekDay } from '@huddle/shared/availability';
import { localToInstant } from '@huddle/shared/event-occurrences';
import { describe, expect, it } from 'vitest';
import { availabilityCovers } from './substitute-matcher.ts';

/** A week with only these days available, plus date-specific entries. */
function week(days: Partial<Record<WeekDay, TimeRange[]>>, dates: AvailabilityBody['dates'] = []): AvailabilityBody {
  const weekly = Object.fromEntries(
    weekDays.map((day) => [day, { isAvailable: Boolean(days[day]?.length), ranges: days[day] ?? [] }]),
  ) as AvailabilityBody['weekly'];
  return { weekly, dates };
}
const range = (start: string, end: string): TimeRange => ({ start, end });

/** A game given on the wall clock of its zone, as organizers enter it. */
const game = (startLocal: string, endLocal: string, timeZone = 'America/Chicago') => ({
  startsAt: localToInstant(startLocal, timeZone),
  endsAt: localToInstant(endLocal, timeZone),
  timeZone,
});

// 2030-06-03 is a Monday.
describe('the substitute matcher', () => {
  it('covers a game inside a weekly range, and not one that runs past it or on another day', () => {
    const evenings = week({ monday: [range('17:00', '20:00')] });
    expect(availabilityCovers(evenings, game('2030-06-03T18:00', '2030-06-03T19:30'))).toBe(true);
    expect(availabilityCovers(evenings, game('2030-06-03T17:00', '2030-06-03T20:00'))).toBe(true);
    expect(availabilityCovers(evenings, game('2030-06-03T19:00', '2030-06-03T21:00'))).toBe(false);
    expect(availabilityCovers(evenings, game('2030-06-03T16:30', '2030-06-03T18:00'))).toBe(false);
    expect(availabilityCovers(evenings, game('2030-06-04T18:00', '2030-06-04T19:00'))).toBe(false);
  });

  it('covers nothing without a saved availability or with every day unticked', () => {
    expect(availabilityCovers(null, game('2030-06-03T18:00', '2030-06-03T19:00'))).toBe(false);
    expect(availabilityCovers(week({}), game('2030-06-03T18:00', '2030-06-03T19:00'))).toBe(false);
  });

  it('needs the game to fit one stretch: two ranges with a gap between them do not cover it', () => {
    const split = week({ monday: [range('17:00', '18:00'), range('18:30', '20:00')] });
    expect(availabilityCovers(split, game('2030-06-03T17:30', '2030-06-03T19:00'))).toBe(false);
    const touching = week({ monday: [range('17:00', '18:30'), range('18:30', '20:00')] });
    expect(availabilityCovers(touching, game('2030-06-03T17:30', '2030-06-03T19:00'))).toBe(true);
  });

  it("reads ranges on the game's wall clock, not UTC: a Monday 20:00 game in Los Angeles is a Monday game", () => {
    // 20:00 in Los Angeles is 03:00 on Tuesday in UTC.
    const lateMonday = game('2030-06-03T20:00', '2030-06-03T21:00', 'America/Los_Angeles');
    expect(availabilityCovers(week({ monday: [range('19:00', '22:00')] }), lateMonday)).toBe(true);
    expect(availabilityCovers(week({ tuesday: [range('02:00', '05:00')] }), lateMonday)).toBe(false);
    // The same instant in Tokyo is Tuesday noon there.
    const tokyo = { ...lateMonday, timeZone: 'Asia/Tokyo' };
    expect(availabilityCovers(week({ tuesday: [range('11:00', '14:00')] }), tokyo)).toBe(true);
  });

  it("lets an overnight range run past midnight: Monday 22:00-02:00 covers Tuesday's 01:00 game", () => {
    const nights = week({ monday: [range('22:00', '02:00')] });
    expect(availabilityCovers(nights, game('2030-06-04T01:00', '2030-06-04T01:45'))).toBe(true);
    expect(availabilityCovers(nights, game('2030-06-03T23:00', '2030-06-04T01:00'))).toBe(true);
    expect(availabilityCovers(nights, game('2030-06-04T01:00', '2030-06-04T03:00'))).toBe(false);
    // Tuesday's own 01:00 is not Monday night's: no Monday range before the 3rd's game.
    expect(availabilityCovers(nights, game('2030-06-03T01:00', '2030-06-03T01:45'))).toBe(false);
    // Sunday night reaches into Monday across the end of the week.
    const sundays = week({ sunday: [range('23:00', '01:30')] });
    expect(availabilityCovers(sundays, game('2030-06-03T00:15', '2030-06-03T01:15'))).toBe(true);
  });

  it('joins a night written as two ranges (22:00-23:59 and 00:00-02:00) for a game that crosses midnight', () => {
    const pair = week({ monday: [range('22:00', '23:59')], tuesday: [range('00:00', '02:00')] });
    expect(availabilityCovers(pair, game('2030-06-03T23:00', '2030-06-04T01:00'))).toBe(true);
    const mondayOnly = week({ monday: [range('22:00', '23:59')] });
    expect(availabilityCovers(mondayOnly, game('2030-06-03T23:00', '2030-06-04T01:00'))).toBe(false);
    expect(availabilityCovers(mondayOnly, game('2030-06-03T22:30', '2030-06-04T00:00'))).toBe(true);
  });

  it('lets a date-specific entry replace the weekly day of that date, and only that date', () => {
    const busyThatMonday = week({ monday: [range('17:00', '20:00')] }, [
      { date: '2030-06-03', ranges: [range('09:00', '11:00')] },
    ]);
    expect(availabilityCovers(busyThatMonday, game('2030-06-03T18:00', '2030-06-03T19:00'))).toBe(false);
    expect(availabilityCovers(busyThatMonday, game('2030-06-03T09:30', '2030-06-03T10:30'))).toBe(true);
    // The next Monday follows the weekly day again.
    expect(availabilityCovers(busyThatMonday, game('2030-06-10T18:00', '2030-06-10T19:00'))).toBe(true);
    // A date entry makes an unticked day available.
    const freeThatSaturday = week({}, [{ date: '2030-06-08', ranges: [range('10:00', '14:00')] }]);
    expect(availabilityCovers(freeThatSaturday, game('2030-06-08T11:00', '2030-06-08T13:00'))).toBe(true);
  });

  it("keeps the previous night's overnight range when the game's date has its own entry", () => {
    const nights = week({ monday: [range('22:00', '03:00')] }, [
      { date: '2030-06-04', ranges: [range('18:00', '19:00')] },
    ]);
    expect(availabilityCovers(nights, game('2030-06-04T01:00', '2030-06-04T02:00'))).toBe(true);
  });

  it('holds across a spring-forward change: a Sunday 18:00 game is covered on both sides of it', () => {
    // 2030-03-10 is the Sunday New York moves its clocks from 02:00 to 03:00.
    const sundays = week({ sunday: [range('17:00', '20:00')] });
    const before = game('2030-03-03T18:00', '2030-03-03T19:00', 'America/New_York');
    const after = game('2030-03-10T18:00', '2030-03-10T19:00', 'America/New_York');
    expect(after.startsAt.getTime() - before.startsAt.getTime()).toBe(7 * 24 * 3600_000 - 3600_000);
    expect(availabilityCovers(sundays, before)).toBe(true);
    expect(availabilityCovers(sundays, after)).toBe(true);
    // A game over the jump, 01:30 to 03:30 on the wall clock (an hour long), needs 01:30-03:30.
    const overTheJump = game('2030-03-10T01:30', '2030-03-10T03:30', 'America/New_York');
    expect(availabilityCovers(week({ sunday: [range('01:00', '04:00')] }), overTheJump)).toBe(true);
    expect(availabilityCovers(week({ sunday: [range('01:00', '03:00')] }), overTheJump)).toBe(false);
  });

  it('holds on a fall-back night, when a game can end before it starts on the wall clock', () => {
    // 2030-11-03: New York's clocks go from 02:00 back to 01:00. 01:30 EDT to 01:15 EST is 45 minutes.
    const fallBack = {
      startsAt: new Date('2030-11-03T05:30:00Z'),
      endsAt: new Date('2030-11-03T06:15:00Z'),
      timeZone: 'America/New_York',
    };
    expect(availabilityCovers(week({ sunday: [range('01:00', '02:30')] }), fallBack)).toBe(true);
    expect(availabilityCovers(week({ sunday: [range('01:00', '02:00')] }), fallBack)).toBe(false);
    // An ordinary evening game that day is read on the winter clock.
    const evening = game('2030-11-03T18:00', '2030-11-03T19:00', 'America/New_York');
    expect(availabilityCovers(week({ sunday: [range('17:00', '20:00')] }), evening)).toBe(true);
  });
});
