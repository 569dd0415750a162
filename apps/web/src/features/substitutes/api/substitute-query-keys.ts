/** Query keys of the substitutes feature. */
export const substituteKeys = {
  forDate: (eventId: string, occurrence: string) => ['substitutes', eventId, occurrence] as const,
  mine: (eventId: string, occurrence: string) => ['substitutes', eventId, occurrence, 'mine'] as const,
};
