import { describe, expect, it } from 'vitest';
import {
  clocksDiffer,
  formatOccurrence,
  formatPrice,
  formatRepeat,
  formatSpotsLeft,
  formatTimeLeft,
  formatTimeRange,
  zoneLabel,
} from './event-format.ts';

// 18:30 in Chicago on 2 June 2026 (CDT, UTC-5).
const start = '2026-06-02T23:30:00.000Z';
const end = '2026-06-03T01:00:00.000Z';

describe('event times', () => {
  it('shows the range on the event’s own clock, one date when it ends the same day', () => {
    expect(formatTimeRange(start, end, 'America/Chicago')).toBe('Tue, Jun 2, 2026, 6:30 PM – 8:00 PM');
  });

  it('names the end day when the game runs past midnight', () => {
    expect(formatTimeRange(start, end, 'Europe/Berlin')).toBe('Wed, Jun 3, 2026, 1:30 AM – 3:00 AM');
    expect(formatTimeRange('2026-06-03T04:30:00.000Z', '2026-06-03T06:00:00.000Z', 'America/Chicago')).toBe(
      'Tue, Jun 2, 2026, 11:30 PM – Wed, Jun 3, 2026, 1:00 AM',
    );
  });

  it('names the zone with the abbreviation in force, which follows daylight saving', () => {
    expect(zoneLabel('America/Chicago', start)).toBe('America/Chicago (CDT)');
    expect(zoneLabel('America/Chicago', '2026-12-01T18:00:00Z')).toBe('America/Chicago (CST)');
    expect(zoneLabel('UTC', '2026-12-01T18:00:00Z')).toBe('UTC');
  });

  it('compares clocks, not zone names', () => {
    expect(clocksDiffer(start, 'America/Chicago', 'America/Chicago')).toBe(false);
    expect(clocksDiffer(start, 'America/Chicago', 'America/Winnipeg')).toBe(false);
    expect(clocksDiffer(start, 'America/Chicago', 'America/New_York')).toBe(true);
  });

  it('labels an occurrence for the date picker', () => {
    expect(formatOccurrence(start, 'America/Chicago')).toBe('Tue, Jun 2, 2026, 6:30 PM');
  });

  it('counts down an offer', () => {
    expect(formatTimeLeft(2 * 60 * 60_000)).toBe('2 h left');
    expect(formatTimeLeft(65 * 60_000 + 30_000)).toBe('1 h 5 min left');
    expect(formatTimeLeft(9 * 60_000 + 59_000)).toBe('9 min left');
    expect(formatTimeLeft(30_000)).toBe('less than a minute left');
    expect(formatTimeLeft(0)).toBe('the offer has ended');
  });
});

describe('event facts', () => {
  it('prices in dollars, free when there is none', () => {
    expect(formatPrice(null)).toBe('Free');
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(1250)).toBe('$12.50');
  });

  it('counts spots left, and says full', () => {
    expect(formatSpotsLeft(3, 10)).toBe('3 spots left of 10');
    expect(formatSpotsLeft(1, 1)).toBe('1 spot left of 1');
    expect(formatSpotsLeft(0, 1)).toBe('Full (1 spot)');
    expect(formatSpotsLeft(-2, 10)).toBe('Full (10 spots)');
  });

  it('describes a weekly repeat by count or by date', () => {
    expect(formatRepeat({ weekdays: [4, 2, 2], until: null, count: 8 })).toBe('Weekly on Tue, Thu, 8 times');
    expect(formatRepeat({ weekdays: [6], until: '2026-08-31', count: null })).toBe('Weekly on Sat until Aug 31, 2026');
  });
});
