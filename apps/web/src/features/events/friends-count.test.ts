import { maxFriends } from '@huddle/shared/events';
import { describe, expect, it } from 'vitest';
import { clampedFriends } from './friends-count.ts';

describe('clampedFriends', () => {
  it('keeps a whole number in range as typed', () => {
    expect(clampedFriends('0')).toBe('0');
    expect(clampedFriends('2')).toBe('2');
    expect(clampedFriends(String(maxFriends))).toBe(String(maxFriends));
  });

  it('holds the count between 0 and the most friends a player may bring', () => {
    expect(clampedFriends(String(maxFriends + 1))).toBe(String(maxFriends));
    expect(clampedFriends('99999')).toBe(String(maxFriends));
    expect(clampedFriends('-3')).toBe('0');
  });

  it('drops a fraction, and leaves an emptied field empty while the player types', () => {
    expect(clampedFriends('1.7')).toBe('1');
    expect(clampedFriends('')).toBe('');
    expect(clampedFriends('  ')).toBe('');
  });
});
