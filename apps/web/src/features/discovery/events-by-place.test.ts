import type { EventSummary } from '@huddle/shared/events';
import { describe, expect, it } from 'vitest';
import { eventsByPlace } from './events-by-place.ts';

const place = (id: string) => ({ id, name: `Court ${id}`, address: '1 Main St', lat: 30, lng: -97 });
const event = (id: string, placeId: string) => ({ id, place: place(placeId) }) as unknown as EventSummary;

describe('eventsByPlace', () => {
  it('groups events at the same place, keeping the list order', () => {
    const groups = eventsByPlace([event('a', 'p1'), event('b', 'p2'), event('c', 'p1')]);
    expect(groups.map((group) => [group.place.id, group.events.map((item) => item.id)])).toEqual([
      ['p1', ['a', 'c']],
      ['p2', ['b']],
    ]);
  });
});
