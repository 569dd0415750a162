import { toKm, type DistanceUnit } from '@huddle/shared/distance';
import {
  discoverSorts,
  skillLevels,
  type DiscoverEventsQuery,
  type DiscoverSort,
  type SkillLevel,
} from '@huddle/shared/events';
import { eventGenders, type EventGender } from '@huddle/shared/genders';

/** Spec §2: discover/{context}. Games are events too: the same list. */
export const discoverContexts = ['events', 'games', 'teams', 'players', 'places'] as const;
export type DiscoverContext = (typeof discoverContexts)[number];

export const discoverContextLabels: Record<DiscoverContext, string> = {
  events: 'Events',
  games: 'Games',
  teams: 'Teams',
  players: 'Players',
  places: 'Places',
};

/** The context in the path; plain `discover` is events; anything unknown is null (not found). */
export function discoverContextFrom(param: string | undefined): DiscoverContext | null {
  if (param === undefined) return 'events';
  return (discoverContexts as readonly string[]).includes(param) ? (param as DiscoverContext) : null;
}

/** 'any' has no limit; 'map' keeps to what the map shows; else miles or kilometres (the viewer's unit). */
export const distanceChoices = ['any', '5', '10', '25', '50', '100', 'map'] as const;
export type DistanceChoice = (typeof distanceChoices)[number];

/** The genders the filter offers: 'Any' is the filter left off. */
export type DiscoverGender = Exclude<EventGender, 'Any'>;
export const discoverGenders = eventGenders.filter((gender): gender is DiscoverGender => gender !== 'Any');

export interface DiscoverFilters {
  gameType: string | null;
  /** Local dates (YYYY-MM-DD), inclusive. */
  from: string | null;
  to: string | null;
  distance: DistanceChoice;
  price: 'free' | 'paid' | null;
  skillLevel: SkillLevel | null;
  /** Games open to this group (their rule or 'Any'); null is everyone's games. */
  gender: DiscoverGender | null;
  /** Not a filter: the order of the list (issue 11: soonest first unless the person asks). */
  sort: DiscoverSort;
}

export const noFilters: DiscoverFilters = {
  gameType: null,
  from: null,
  to: null,
  // Near the person by default, so "soonest" means soonest around them, not across the country.
  distance: '25',
  price: null,
  skillLevel: null,
  gender: null,
  sort: 'soonest',
};

const localDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string | null) =>
  value && localDatePattern.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

/**
 * The filters live in the address (?gameType=Soccer&distance=25…), so a filtered list can
 * be shared and survives a reload. Values that make no sense are ignored, not errors.
 */
export function filtersFromSearchParams(params: URLSearchParams): DiscoverFilters {
  const gameType = params.get('gameType')?.trim();
  const distance = params.get('distance');
  const price = params.get('price');
  const skillLevel = params.get('skillLevel');
  const sort = params.get('sort');
  const gender = params.get('gender');
  return {
    gameType: gameType ? gameType.slice(0, 60) : null,
    from: validDate(params.get('from')),
    to: validDate(params.get('to')),
    distance: (distanceChoices as readonly string[]).includes(distance ?? '')
      ? (distance as DistanceChoice)
      : noFilters.distance,
    price: price === 'free' || price === 'paid' ? price : null,
    skillLevel: (skillLevels as readonly string[]).includes(skillLevel ?? '') ? (skillLevel as SkillLevel) : null,
    gender: (discoverGenders as readonly string[]).includes(gender ?? '') ? (gender as DiscoverGender) : null,
    sort: (discoverSorts as readonly string[]).includes(sort ?? '') ? (sort as DiscoverSort) : noFilters.sort,
  };
}

/** Back into the address, leaving out what is at its default. */
export function filtersToSearchParams(filters: DiscoverFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.gameType) params.set('gameType', filters.gameType);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.distance !== noFilters.distance) params.set('distance', filters.distance);
  if (filters.price) params.set('price', filters.price);
  if (filters.skillLevel) params.set('skillLevel', filters.skillLevel);
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.sort !== noFilters.sort) params.set('sort', filters.sort);
  return params;
}

/** The message beside "To" when the range runs backwards (the server says the same). */
export function dateRangeError(filters: DiscoverFilters): string | null {
  return filters.from && filters.to && filters.to < filters.from ? 'The range must end after it starts.' : null;
}

export interface DiscoverArea {
  /** Distances are measured from here: the user's city, or the map's centre when signed out. */
  origin: { lat: number; lng: number };
  /** What the map shows (or would show, before it has measured itself). */
  bounds: { south: number; west: number; north: number; east: number };
}

/** The discoverEvents query for these filters (spec §7 events by location), without the cursor. */
export function discoverEventsQueryFor(
  filters: DiscoverFilters,
  area: DiscoverArea,
  unit: DistanceUnit,
): DiscoverEventsQuery {
  return {
    // Distances always count from the origin; the map area adds its edges as a filter.
    lat: area.origin.lat,
    lng: area.origin.lng,
    sort: filters.sort,
    ...(filters.distance === 'map' && area.bounds),
    ...(filters.distance !== 'any' &&
      filters.distance !== 'map' && { maxDistanceKm: toKm(Number(filters.distance), unit) }),
    ...(filters.gameType && { gameType: filters.gameType }),
    ...(filters.from && { from: filters.from }),
    // A backwards range is shown as a field error and not sent.
    ...(filters.to && !dateRangeError(filters) && { to: filters.to }),
    ...(filters.price && { price: filters.price }),
    ...(filters.skillLevel && { skillLevel: filters.skillLevel }),
    ...(filters.gender && { gender: filters.gender }),
  };
}

/** How many filters differ from the defaults: shown on the phone's Filters button (the order is no filter). */
export function activeFilterCount(filters: DiscoverFilters): number {
  return (Object.keys(noFilters) as (keyof DiscoverFilters)[]).filter(
    (key) => key !== 'sort' && filters[key] !== noFilters[key],
  ).length;
}

/** The filters cleared, the order kept. */
export const clearedFilters = (filters: DiscoverFilters): DiscoverFilters => ({ ...noFilters, sort: filters.sort });
