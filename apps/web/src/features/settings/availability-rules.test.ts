import { availabilityBody, overlappingRangesMessage } from '@huddle/shared/availability';
import { describe, expect, it } from 'vitest';
import {
  addDateEntry,
  addRange,
  availabilityBodyFrom,
  copyToAllDays,
  dateEntryErrors,
  dayErrors,
  draftFrom,
  emptyRangeDayMessage,
  emptyWeek,
  isDateEntryValid,
  isDayValid,
  isWeekValid,
  rangeErrors,
  removeRange,
  setDayAvailable,
  updateRange,
} from './availability-rules.ts';

describe('weekly availability rules (spec §4)', () => {
  it('ticking a day with no ranges adds 17:00-20:00', () => {
    expect(setDayAvailable({ isAvailable: false, ranges: [] }, true)).toEqual({
      isAvailable: true,
      ranges: [{ start: '17:00', end: '20:00' }],
    });
  });

  it('ticking a day that still has ranges keeps them', () => {
    const ranges = [{ start: '08:00', end: '09:00' }];
    expect(setDayAvailable({ isAvailable: false, ranges }, true).ranges).toEqual(ranges);
  });

  it('unticking clears the ranges', () => {
    expect(setDayAvailable({ isAvailable: true, ranges: [{ start: '08:00', end: '09:00' }] }, false)).toEqual({
      isAvailable: false,
      ranges: [],
    });
  });

  it('removing the last range unticks the day', () => {
    const day = { isAvailable: true, ranges: [{ start: '08:00', end: '09:00' }] };
    expect(removeRange(day, 0)).toEqual({ isAvailable: false, ranges: [] });
    const two = addRange(day);
    expect(removeRange(two, 0)).toEqual({ isAvailable: true, ranges: [{ start: '', end: '' }] });
  });

  it('adding a range to an empty day ticks it with 17:00-20:00; later ones start blank', () => {
    const first = addRange({ isAvailable: false, ranges: [] });
    expect(first).toEqual({ isAvailable: true, ranges: [{ start: '17:00', end: '20:00' }] });
    expect(addRange(first).ranges[1]).toEqual({ start: '', end: '' });
  });

  it('copies one day to all the others, as separate copies', () => {
    const week = emptyWeek();
    week.wednesday = { isAvailable: true, ranges: [{ start: '06:00', end: '07:30' }] };
    const copied = copyToAllDays(week, 'wednesday');
    for (const day of Object.values(copied)) expect(day).toEqual(week.wednesday);
    copied.monday.ranges[0]!.start = '05:00';
    expect(copied.tuesday.ranges[0]!.start).toBe('06:00');
    expect(week.wednesday.ranges[0]!.start).toBe('06:00');
  });
});

describe('time range validation (spec §5)', () => {
  it('needs both times, and the end after the start', () => {
    expect(rangeErrors([{ start: '10:00', end: '' }])).toEqual([{ end: 'Enter an end time.' }]);
    expect(rangeErrors([{ start: '', end: '10:00' }])).toEqual([{ start: 'Enter a start time.' }]);
    expect(rangeErrors([{ start: '10:00', end: '10:00' }])).toEqual([{ end: 'End must be after start.' }]);
    expect(rangeErrors([{ start: '10:00', end: '09:00' }])).toEqual([{ end: 'End must be after start.' }]);
  });

  it('marks the later of two overlapping ranges, not the earlier', () => {
    const errors = rangeErrors([
      { start: '17:00', end: '20:00' },
      { start: '19:00', end: '21:00' },
    ]);
    expect(errors).toEqual([{}, { start: overlappingRangesMessage }]);
  });

  it('lets ranges touch end to start', () => {
    expect(
      rangeErrors([
        { start: '17:00', end: '18:00' },
        { start: '18:00', end: '19:00' },
      ]),
    ).toEqual([{}, {}]);
  });

  it('ignores blank ranges, which are dropped on save', () => {
    const day = {
      isAvailable: true,
      ranges: [
        { start: '17:00', end: '20:00' },
        { start: '', end: '' },
      ],
    };
    expect(isDayValid(day)).toBe(true);
  });

  it('a ticked day with only blank ranges is invalid, and so is the week', () => {
    const week = emptyWeek();
    week.friday = { isAvailable: true, ranges: [{ start: '', end: '' }] };
    expect(dayErrors(week.friday).day).toBe(emptyRangeDayMessage);
    expect(isWeekValid(week)).toBe(false);
    week.friday = updateRange(week.friday, 0, { start: '09:00', end: '10:00' });
    expect(isWeekValid(week)).toBe(true);
  });
});

describe('date-specific entries and the saved body', () => {
  it('a date entry needs a date and at least one range', () => {
    expect(dateEntryErrors({ date: '', ranges: [] })).toMatchObject({
      date: 'Pick a date.',
      day: 'Add at least one time range.',
    });
    expect(isDateEntryValid({ date: '2026-12-24', ranges: [{ start: '10:00', end: '12:00' }] })).toBe(true);
  });

  it('adding a date already listed replaces it; entries stay in date order', () => {
    let dates = addDateEntry([], { date: '2026-12-31', ranges: [{ start: '10:00', end: '12:00' }] });
    dates = addDateEntry(dates, { date: '2026-12-24', ranges: [{ start: '10:00', end: '12:00' }] });
    dates = addDateEntry(dates, {
      date: '2026-12-31',
      ranges: [
        { start: '13:00', end: '14:00' },
        { start: '', end: '' },
      ],
    });
    expect(dates).toEqual([
      { date: '2026-12-24', ranges: [{ start: '10:00', end: '12:00' }] },
      { date: '2026-12-31', ranges: [{ start: '13:00', end: '14:00' }] },
    ]);
  });

  it('drops blank ranges on save and passes the shared schema', () => {
    const week = emptyWeek();
    week.monday = {
      isAvailable: true,
      ranges: [
        { start: '17:00', end: '20:00' },
        { start: '', end: '' },
      ],
    };
    week.tuesday = { isAvailable: true, ranges: [{ start: '', end: '' }] };
    const body = availabilityBodyFrom(week, [{ date: '2026-12-24', ranges: [{ start: '09:00:00', end: '11:00' }] }]);
    expect(body.weekly.monday).toEqual({ isAvailable: true, ranges: [{ start: '17:00', end: '20:00' }] });
    expect(body.weekly.tuesday).toEqual({ isAvailable: false, ranges: [] });
    expect(body.dates).toEqual([{ date: '2026-12-24', ranges: [{ start: '09:00', end: '11:00' }] }]);
    expect(availabilityBody.safeParse(body).success).toBe(true);
  });

  it('starts from what was saved, or an empty week', () => {
    expect(draftFrom(null).week.sunday).toEqual({ isAvailable: false, ranges: [] });
    const saved = availabilityBodyFrom(emptyWeek(), []);
    saved.weekly.sunday = { isAvailable: true, ranges: [{ start: '08:00', end: '09:00' }] };
    expect(draftFrom(saved).week.sunday).toEqual(saved.weekly.sunday);
  });
});
