/** The signed-in person's own pages: first-time setup, settings and profile (spec §2). */
export const moreInfoPath = '/more-info';
export const settingsPath = '/settings';
export const profilePath = '/profile';

/** Spec §2: after first-time setup, the availability tab with a way to skip it. */
export const afterSetupPath = `${settingsPath}?tab=availability&skippable=true`;

/** A player's public profile. */
export function playerProfilePath(userId: string): string {
  return `${profilePath}/${encodeURIComponent(userId)}`;
}
