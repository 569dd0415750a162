import { productName } from '@huddle/shared/limits';

/**
 * Spec §2, page titles by the first path segment. The spec names teams, more-info
 * (shown as Settings), games, messages, profile, login, sign-up and a default.
 * Added here for pages the spec's list predates: home, forgot-password, reset-password,
 * verify-email, settings.
 */
const titleBySegment = new Map<string, string>([
  ['teams', 'Teams'],
  ['more-info', 'Settings'],
  ['games', 'Games'],
  ['messages', 'Messages'],
  ['profile', 'Profile'],
  ['login', 'Login'],
  ['sign-up', 'Sign Up'],
  // Additions (not in the spec's list):
  ['home', 'Home'],
  ['forgot-password', 'Forgot Password'],
  ['reset-password', 'Reset Password'],
  ['verify-email', 'Verify Email'],
  ['settings', 'Settings'],
  // Events (issue 5): the short event link and the create page.
  ['evt', 'Event'],
  ['events', 'New Event'],
]);

/** Under /auth/ the page is named by the segment after "auth" (auth/login is "Login"). */
function titleSegment(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] === 'auth' ? segments[1] : segments[0];
}

/**
 * "<Title> | Huddle", or just "Huddle" for pages without a title of their own, with the
 * unread message count in front when there is any: "(3) Messages | Huddle".
 */
export function pageTitle(pathname: string, unreadMessages = 0): string {
  const segment = titleSegment(pathname);
  const title = segment === undefined ? undefined : titleBySegment.get(segment.toLowerCase());
  const base = title ? `${title} | ${productName}` : productName;
  return unreadMessages > 0 ? `(${unreadMessages}) ${base}` : base;
}
