import { describe, expect, it } from 'vitest';
import { formatEventStart, formatPrice, viewerTimeZone } from './format-event-time.ts';

describe('formatEventStart', () => {
  it("shows the instant in the event's own zone, naming the zone", () => {
    // 2026-06-07T00:00Z is 6 PM on Saturday June 6 in Denver (MDT) and 7 PM in Austin (CDT).
    expect(formatEventStart('2026-06-07T00:00:00.000Z', 'America/Denver', 'en-US')).toBe('Sat, Jun 6, 6:00 PM MDT');
    expect(formatEventStart('2026-06-07T00:00:00.000Z', 'America/Chicago', 'en-US')).toBe('Sat, Jun 6, 7:00 PM CDT');
  });
});

describe('viewerTimeZone', () => {
  it("is the browser's IANA zone, which formatEventStart accepts", () => {
    const zone = viewerTimeZone();
    expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    expect(formatEventStart('2026-06-07T00:00:00.000Z', zone, 'en-US')).toMatch(/^Sat|^Sun|^Fri/);
  });
});

describe('formatPrice', () => {
  it('says Free for no price and shows cents only when there are some', () => {
    expect(formatPrice(null, 'en-US')).toBe('Free');
    expect(formatPrice(0, 'en-US')).toBe('Free');
    expect(formatPrice(1200, 'en-US')).toBe('$12');
    expect(formatPrice(1250, 'en-US')).toBe('$12.50');
  });
});
