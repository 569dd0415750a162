import { authPathWithReturnTo, returnToParam, safeReturnTo } from '@huddle/shared/auth-pages';
import { homePath } from './signed-in-landing.ts';

/** The signed-in person's own pages: first-time setup, settings and profile (spec §2). */
export const moreInfoPath = '/more-info';
export const settingsPath = '/settings';
export const profilePath = '/profile';

/** Spec §2: after first-time setup, the availability tab with a way to skip it. */
export const afterSetupPath = `${settingsPath}?tab=availability&skippable=true`;

/**
 * First-time setup for a new user who asked for `destination` (path and query), which they
 * return to afterwards (spec §2). Home is where signing up lands when nothing else was asked
 * for: no destination of its own, so setup ends on the availability tab.
 */
export function setupPathFor(destination: string): string {
  const pathname = destination.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  return authPathWithReturnTo(moreInfoPath, pathname === homePath ? null : safeReturnTo(destination));
}

/** Spec §2: where first-time setup ends: where the person was going (?returnTo=), else the availability tab. */
export function afterSetupPathFrom(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get(returnToParam)) ?? afterSetupPath;
}

/** A player's public profile. */
export function playerProfilePath(userId: string): string {
  return `${profilePath}/${encodeURIComponent(userId)}`;
}
