/** One place for the partner pages' cache keys. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: (type: string, near: { lat: number; lng: number } | null) => ['partners', 'list', type, near] as const,
  detail: (partnerId: string) => ['partners', 'detail', partnerId] as const,
  events: (partnerId: string) => ['partners', 'events', partnerId] as const,
};
