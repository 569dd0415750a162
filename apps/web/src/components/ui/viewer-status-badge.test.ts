import { describe, expect, it } from 'vitest';
import { viewerStatusLabel } from './viewer-status-badge.tsx';

describe('viewerStatusLabel', () => {
  const now = Date.parse('2030-06-01T12:00:00Z');

  it('says the status of the date the row shows', () => {
    expect(viewerStatusLabel({ kind: 'going' }, now)).toBe('Going');
    expect(viewerStatusLabel({ kind: 'waitlist', waitlistPosition: 3 }, now)).toBe('Waitlist #3');
    expect(viewerStatusLabel({ kind: 'organizer' }, now)).toBe('Organizer');
  });

  it('names a later date of the series, on the event’s calendar', () => {
    // 9 PM on June 9 in Chicago is already June 10 in UTC.
    const on = '2030-06-10T02:00:00.000Z';
    expect(viewerStatusLabel({ kind: 'going', on }, now, 'America/Chicago')).toBe('Going · Jun 9');
    expect(viewerStatusLabel({ kind: 'waitlist', waitlistPosition: 2, on }, now, 'America/Chicago')).toBe(
      'Waitlist #2 · Jun 9',
    );
  });
});
