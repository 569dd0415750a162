/** Query keys of the events feature, so every mutation refreshes the same caches. */
export const eventKeys = {
  all: ['events'] as const,
  /** Every occurrence of one event: joins and leaves refresh them all. */
  event: (eventId: string) => ['events', 'detail', eventId] as const,
  detail: (eventId: string, occurrence: string | null) => ['events', 'detail', eventId, occurrence] as const,
  team: (teamId: string) => ['events', 'team', teamId] as const,
  favorites: ['events', 'favorites'] as const,
  addresses: (q: string) => ['events', 'addresses', q] as const,
  place: (placeId: string) => ['events', 'place', placeId] as const,
  calendarFeeds: ['calendar-feeds'] as const,
  playerSearch: (eventId: string, q: string) => ['events', 'detail', eventId, 'player-search', q] as const,
  attendance: (eventId: string, occurrence: string) => ['events', 'detail', eventId, 'attendance', occurrence] as const,
};
