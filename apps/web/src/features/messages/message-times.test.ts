import { describe, expect, it } from 'vitest';
import { dayLabel } from './message-times.ts';

describe('day separators', () => {
  const now = new Date(2026, 10, 25, 15, 0);
  it('names today and yesterday, and spells out older days', () => {
    expect(dayLabel(new Date(2026, 10, 25, 0, 5).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 55).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 12, 0).toISOString(), now)).toMatch(/November 20, 2026/);
  });
});
