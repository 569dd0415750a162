import { describe, expect, it } from 'vitest';
import { shouldChime } from './chime.ts';

describe('the new-message chime', () => {
  it('stays silent for what was unread on arrival, and when the count goes down', () => {
    expect(shouldChime(null, 3, true)).toBe(false);
    expect(shouldChime(3, 2, true)).toBe(false);
    expect(shouldChime(3, 3, true)).toBe(false);
  });

  it('sounds when a new unread message raises the count, unless the sound is off', () => {
    expect(shouldChime(0, 1, true)).toBe(true);
    expect(shouldChime(0, 1, false)).toBe(false);
  });
});
