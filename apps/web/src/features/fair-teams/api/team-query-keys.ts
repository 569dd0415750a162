/** Query keys of the fair-teams feature. */
export const teamKeys = {
  sheet: (eventId: string, occurrence: string) => ['fair-teams', eventId, occurrence, 'sheet'] as const,
  published: (eventId: string, occurrence: string) => ['fair-teams', eventId, occurrence, 'published'] as const,
};
