import { describe, expect, it } from 'vitest';
import {
  findOccurrenceAt,
  instantToLocal,
  listOccurrences,
  localToInstant,
  nextOccurrence,
  seriesEnd,
  upcomingOccurrences,
  type EventSchedule,
} from './event-occurrences.ts';

const iso = (date: Date | undefined | null) => date?.toISOString();

describe('wall clocks and instants', () => {
  it.each([
    ['2026-07-14T18:00', 'America/Chicago', '2026-07-14T23:00:00.000Z'],
    ['2026-12-01T18:00', 'America/Chicago', '2026-12-02T00:00:00.000Z'],
    ['2026-07-14T18:00', 'Asia/Kolkata', '2026-07-14T12:30:00.000Z'],
    ['2026-01-10T09:15', 'Australia/Sydney', '2026-01-09T22:15:00.000Z'],
    ['2026-07-14T18:00', 'UTC', '2026-07-14T18:00:00.000Z'],
  ])('reads %s in %s as %s and back', (local, zone, instant) => {
    expect(localToInstant(local, zone).toISOString()).toBe(instant);
    expect(instantToLocal(new Date(instant), zone)).toBe(local);
  });

  it('moves a time the clocks skip on by the jump (spring forward)', () => {
    // 2026-03-08 in Chicago: 02:00 CST becomes 03:00 CDT; 02:30 never shows.
    expect(localToInstant('2026-03-08T02:30', 'America/Chicago').toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(instantToLocal(new Date('2026-03-08T08:30:00.000Z'), 'America/Chicago')).toBe('2026-03-08T03:30');
  });

  it('reads a time the clocks show twice as the earlier instant (fall back)', () => {
    // 2026-11-01 in Chicago: 01:30 shows at 06:30Z (CDT) and again at 07:30Z (CST).
    expect(localToInstant('2026-11-01T01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(instantToLocal(new Date('2026-11-01T07:30:00.000Z'), 'America/Chicago')).toBe('2026-11-01T01:30');
  });

  it('reads one instant on each zone’s own clock, also after many other readings', () => {
    // Readings are kept per zone and forgotten in bulk past a bound: neither may mix them up.
    const instant = new Date('2026-07-14T23:00:00.000Z');
    const zones = {
      'America/Chicago': '2026-07-14T18:00',
      'Asia/Kolkata': '2026-07-15T04:30',
      UTC: '2026-07-14T23:00',
    };
    const readAll = () => Object.fromEntries(Object.keys(zones).map((zone) => [zone, instantToLocal(instant, zone)]));
    expect(readAll()).toEqual(zones);
    for (let minute = 0; minute < 60_000; minute += 1)
      instantToLocal(new Date(Date.UTC(2030, 0, 1) + minute * 60_000), 'UTC');
    expect(readAll()).toEqual(zones);
    expect(localToInstant('2026-11-01T01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });
});

describe('occurrences', () => {
  it('keeps a weekly 18:00 game at 18:00 on the wall clock across the end of daylight saving', () => {
    const weekly: EventSchedule = {
      timeZone: 'America/Chicago',
      startLocal: '2026-10-20T18:00',
      endLocal: '2026-10-20T20:00',
      repeat: { weekdays: [2], until: null, count: 3 },
    };
    expect(listOccurrences(weekly).map((occurrence) => iso(occurrence.startsAt))).toEqual([
      '2026-10-20T23:00:00.000Z',
      '2026-10-27T23:00:00.000Z',
      '2026-11-04T00:00:00.000Z',
    ]);
    expect(listOccurrences(weekly).map((occurrence) => instantToLocal(occurrence.startsAt, 'America/Chicago'))).toEqual(
      ['2026-10-20T18:00', '2026-10-27T18:00', '2026-11-03T18:00'],
    );
    expect(iso(seriesEnd(weekly))).toBe('2026-11-04T02:00:00.000Z');
  });

  it('counts past occurrences toward a repeat count, and ends the series after the last', () => {
    const threeTimes: EventSchedule = {
      timeZone: 'America/Chicago',
      startLocal: '2026-06-02T18:00',
      endLocal: '2026-06-02T20:00',
      repeat: { weekdays: [2, 4], until: null, count: 3 },
    };
    // Tuesday 2, Thursday 4, Tuesday 9 June.
    expect(iso(nextOccurrence(threeTimes, new Date('2026-06-05T12:00:00Z'))?.startsAt)).toBe(
      '2026-06-09T23:00:00.000Z',
    );
    expect(nextOccurrence(threeTimes, new Date('2026-06-10T12:00:00Z'))).toBeNull();
  });

  it('keeps a game that runs past midnight whole, and counts it as next while it is on', () => {
    const lateGame: EventSchedule = {
      timeZone: 'America/Chicago',
      startLocal: '2026-06-05T23:00',
      endLocal: '2026-06-06T01:00',
      repeat: { weekdays: [5], until: '2026-06-30', count: null },
    };
    const [first] = listOccurrences(lateGame);
    expect(iso(first?.endsAt)).toBe('2026-06-06T06:00:00.000Z');
    // 00:30 local on the Saturday: the Friday game is still on.
    expect(iso(nextOccurrence(lateGame, new Date('2026-06-06T05:30:00Z'))?.startsAt)).toBe('2026-06-06T04:00:00.000Z');
  });

  it('finds an occurrence by its start, and nothing at a time the series does not have', () => {
    const weekly: EventSchedule = {
      timeZone: 'Europe/Berlin',
      startLocal: '2026-03-03T19:00',
      endLocal: '2026-03-03T21:00',
      repeat: { weekdays: [2], until: '2026-04-30', count: null },
    };
    for (const occurrence of listOccurrences(weekly)) {
      expect(findOccurrenceAt(weekly, occurrence.startsAt)).toEqual(occurrence);
    }
    expect(findOccurrenceAt(weekly, new Date('2026-03-10T19:00:00Z'))).toBeUndefined();
    expect(findOccurrenceAt(weekly, new Date('2026-05-05T17:00:00Z'))).toBeUndefined();
  });

  it('agrees with reading the whole list, for many series and moments', () => {
    // A fixed pseudo-random walk, so a failure is reproducible.
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const zones = ['America/Chicago', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata'];
    for (let round = 0; round < 60; round += 1) {
      const startDay = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 365) * 86_400_000);
      const date = startDay.toISOString().slice(0, 10);
      const hour = String(Math.floor(random() * 24)).padStart(2, '0');
      const schedule: EventSchedule = {
        timeZone: zones[round % zones.length] ?? 'UTC',
        startLocal: `${date}T${hour}:30`,
        endLocal: `${date}T${hour}:59`,
        repeat:
          round % 3 === 0
            ? null
            : { weekdays: [1 + (round % 7), 1 + ((round * 3) % 7)], until: null, count: 2 + (round % 40) },
      };
      const all = listOccurrences(schedule);
      for (let probe = 0; probe < 10; probe += 1) {
        const from = new Date(startDay.getTime() + (random() * 400 - 20) * 86_400_000);
        const expected = all.filter((occurrence) => occurrence.endsAt > from);
        expect(nextOccurrence(schedule, from)).toEqual(expected[0] ?? null);
        expect(upcomingOccurrences(schedule, from, 5)).toEqual(expected.slice(0, 5));
      }
    }
  });
});
