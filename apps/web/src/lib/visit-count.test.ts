import { describe, expect, it } from 'vitest';
import { countVisit, readVisitCount } from './visit-count.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('countVisit (spec §9: visit count stored locally)', () => {
  it('counts one visit per browser session and keeps the total', () => {
    const local = memoryStorage();
    expect(countVisit(local, memoryStorage())).toBe(1);
    const session = memoryStorage();
    expect(countVisit(local, session)).toBe(2);
    expect(countVisit(local, session)).toBe(2);
    expect(readVisitCount(local)).toBe(2);
  });

  it('counts nothing when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(countVisit(blocked, memoryStorage())).toBe(0);
    expect(readVisitCount(blocked)).toBe(0);
  });
});
