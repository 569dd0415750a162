import type { EventView } from '@huddle/shared/events';
import { describe, expect, it } from 'vitest';
import { pastStarts } from './occurrence-select.tsx';

const series = {
  timeZone: 'America/Chicago',
  startLocal: '2030-06-04T18:00',
  endLocal: '2030-06-04T20:00',
  repeat: { weekdays: [2], until: null, count: 6 },
} as unknown as EventView['event'];

describe('the dates a manage page lists (issue 11: attendance on dates already begun)', () => {
  it('lists the latest dates that have begun, as the server writes them', () => {
    const now = Date.parse('2030-06-19T00:00:00Z');
    expect(pastStarts(series, 2, now)).toEqual([
      { startsAt: '2030-06-11T23:00:00.000Z' },
      { startsAt: '2030-06-18T23:00:00.000Z' },
    ]);
    expect(pastStarts(series, 0, now)).toEqual([]);
    expect(pastStarts({ ...series, repeat: null }, 2, now)).toEqual([]);
    expect(pastStarts(series, 2, Date.parse('2030-06-01T00:00:00Z'))).toEqual([]);
  });
});
