export const placeKeys = {
  all: ['places'] as const,
  detail: (placeId: string) => ['places', 'detail', placeId] as const,
  events: (placeId: string) => ['places', 'events', placeId] as const,
};
