import { describe, expect, it } from 'vitest';
import { movedOrder } from './waitlist-order.ts';

describe('movedOrder', () => {
  const ids = ['a', 'b', 'c'];
  it('swaps a party with its neighbour', () => {
    expect(movedOrder(ids, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(ids, 'b', 1)).toEqual(['a', 'c', 'b']);
  });
  it('leaves the order alone at the ends and for an unknown party', () => {
    expect(movedOrder(ids, 'a', -1)).toBe(ids);
    expect(movedOrder(ids, 'c', 1)).toBe(ids);
    expect(movedOrder(ids, 'z', 1)).toBe(ids);
  });
});
