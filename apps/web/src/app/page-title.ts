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
  ['team-not-found', 'Team not found'],
  // Events (issue 5): the short event link and the create page.
  ['evt', 'Event'],
  ['events', 'New Event'],
  // Discovery (issue 5): discover and its contexts, places, full-search.
  ['discover', 'Discover'],
  ['places', 'Places'],
  ['full-search', 'Search'],
  // Notifications (issue 12).
  ['notifications', 'Notifications'],
  // Payments (issue 13): where Stripe's onboarding returns.
  ['localconnect', 'Stripe account'],
  ['invoices', 'Invoices'],
  ['transactions', 'Transactions'],
  // Forms (issue 14).
  ['form', 'Forms'],
  // The post board (issue 16).
  ['posts', 'Community Posts'],
  // Quizzes, the guided start and the create hub (issue 16).
  ['quiz', 'Skill quizzes'],
  // The admin area (issue 17).
  ['admin', 'Admin'],
  ['user-onboarding', 'Get started'],
  ['create', 'Create'],
  // Partners (issue 16).
  ['partners', 'Partners'],
  ['partner', 'Partner'],
  // Tournaments (issue 16).
  ['tournament', 'Tournaments'],
  // Time polls' voting links (issue 34, decision 080).
  ['polls', 'Time poll'],
]);

/**
 * Under /auth/ the page is named by the segment after "auth" (auth/login is "Login"); an
 * event opened from discover (discover/events/{id}, and its manage page) is titled as the
 * short event link is.
 */
function titleSegment(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'auth') return segments[1];
  if (segments[0] === 'discover' && segments.length >= 3) return 'evt';
  return segments[0];
}

/** The title of a page for an address that leads nowhere: an unknown path, or an id that does not exist. */
export const notFoundPageName = 'Page not found';

function withUnread(base: string, unreadMessages: number): string {
  return unreadMessages > 0 ? `(${unreadMessages}) ${base}` : base;
}

/** A page that names what it shows: "Tuesday Night Pickup Soccer | Huddle". */
export function namedPageTitle(name: string, unreadMessages = 0): string {
  return withUnread(`${name} | ${productName}`, unreadMessages);
}

/**
 * "<Title> | Huddle", or just "Huddle" for pages without a title of their own, with the
 * unread message count in front when there is any: "(3) Messages | Huddle".
 */
export function pageTitle(pathname: string, unreadMessages = 0): string {
  const segment = titleSegment(pathname);
  const title = segment === undefined ? undefined : titleBySegment.get(segment.toLowerCase());
  return withUnread(title ? `${title} | ${productName}` : productName, unreadMessages);
}
