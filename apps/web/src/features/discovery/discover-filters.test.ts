import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  dateRangeError,
  discoverContextFrom,
  discoverEventsQueryFor,
  filtersFromSearchParams,
  filtersToSearchParams,
  noFilters,
  type DiscoverArea,
} from './discover-filters.ts';

const area: DiscoverArea = {
  origin: { lat: 30.27, lng: -97.74 },
  bounds: { south: 30, west: -98, north: 30.5, east: -97.5 },
};

describe('discoverContextFrom', () => {
  it('reads the known contexts, defaults to events and refuses the rest', () => {
    expect(discoverContextFrom(undefined)).toBe('events');
    expect(discoverContextFrom('places')).toBe('places');
    expect(discoverContextFrom('games')).toBe('games');
    expect(discoverContextFrom('planets')).toBeNull();
  });
});

describe('filters in the address', () => {
  it('round-trip, leaving defaults out', () => {
    const filters = {
      gameType: 'Soccer',
      from: '2026-06-01',
      to: '2026-06-30',
      distance: '50' as const,
      price: 'free' as const,
      skillLevel: 'beginner' as const,
      gender: 'Women' as const,
      sort: 'nearest' as const,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe(
      'gameType=Soccer&from=2026-06-01&to=2026-06-30&distance=50&price=free&skillLevel=beginner&gender=Women&sort=nearest',
    );
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(filtersToSearchParams(noFilters).toString()).toBe('');
  });

  it('ignore values that make no sense', () => {
    const params = new URLSearchParams(
      'from=yesterday&to=2026-13-45&distance=3&price=cheap&skillLevel=pro&gameType=&sort=random&gender=Any',
    );
    expect(filtersFromSearchParams(params)).toEqual(noFilters);
  });
});

describe('discoverEventsQueryFor', () => {
  it("by default asks for the soonest games within 25 of the viewer's unit of the origin", () => {
    expect(discoverEventsQueryFor(noFilters, area, 'km')).toEqual({
      lat: 30.27,
      lng: -97.74,
      sort: 'soonest',
      maxDistanceKm: 25,
    });
    expect(discoverEventsQueryFor(noFilters, area, 'mi').maxDistanceKm).toBeCloseTo(40.23, 2);
  });

  it('asks for nearest first, with no limit for any distance', () => {
    expect(discoverEventsQueryFor({ ...noFilters, distance: 'any', sort: 'nearest' }, area, 'mi')).toEqual({
      lat: 30.27,
      lng: -97.74,
      sort: 'nearest',
    });
  });

  it('sends the map bounds for the map area, and every other filter', () => {
    expect(
      discoverEventsQueryFor(
        {
          gameType: 'Basketball',
          from: '2026-06-01',
          to: '2026-06-02',
          distance: 'map',
          price: 'paid',
          skillLevel: 'advanced',
          gender: 'Coed',
          sort: 'soonest',
        },
        area,
        'mi',
      ),
    ).toEqual({
      lat: 30.27,
      lng: -97.74,
      sort: 'soonest',
      south: 30,
      west: -98,
      north: 30.5,
      east: -97.5,
      gameType: 'Basketball',
      from: '2026-06-01',
      to: '2026-06-02',
      price: 'paid',
      skillLevel: 'advanced',
      gender: 'Coed',
    });
  });

  it('leaves out the end of a backwards range, which the form marks', () => {
    const filters = { ...noFilters, distance: 'any' as const, from: '2026-06-10', to: '2026-06-01' };
    expect(dateRangeError(filters)).toBe('The range must end after it starts.');
    expect(discoverEventsQueryFor(filters, area, 'km')).toEqual({
      lat: 30.27,
      lng: -97.74,
      sort: 'soonest',
      from: '2026-06-10',
    });
  });
});

describe('activeFilterCount', () => {
  it('counts what differs from the defaults', () => {
    expect(activeFilterCount(noFilters)).toBe(0);
    expect(activeFilterCount({ ...noFilters, gameType: 'Soccer', distance: 'map' })).toBe(2);
    // The order is not a filter.
    expect(activeFilterCount({ ...noFilters, sort: 'nearest' })).toBe(0);
  });
});
