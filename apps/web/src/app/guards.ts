import { redirect, redirectDocument, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { sessionQueryOptions } from '../features/accounts/api/get-session.ts';
import { adminAccessQueryOptions } from '../features/admin/api/get-admin-access.ts';
import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import { queryClient } from '../lib/query-client.ts';
import { moreInfoPath, settingsPath, setupPathFor } from './account-paths.ts';
import { homePath } from './signed-in-landing.ts';

/** The session, fetched once and then read from the cache (pages read the same entry). */
function loadSession() {
  return queryClient.ensureQueryData(sessionQueryOptions());
}

/** Pages a person who has not finished first-time setup may open (spec §2: more-info and settings). */
const setupPaths = new Set([moreInfoPath, settingsPath]);

/**
 * Signed-in pages: a visitor goes to sign in, and comes back here afterwards. A new user
 * (no additional info yet) is sent to first-time setup from every page but setup and settings,
 * and comes back here once it is done (spec §2).
 */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const { user } = await loadSession();
  const url = new URL(request.url);
  if (!user) throw redirect(authPathWithReturnTo(authPaths.login, `${url.pathname}${url.search}`));
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (!user.hasAdditionalInfo && !setupPaths.has(pathname))
    throw redirect(setupPathFor(`${url.pathname}${url.search}`));
  return null;
}

/**
 * The signed-in layout's guard runs again whenever the path changes (not only when the
 * router would by default): a new user moving between signed-in pages still meets the
 * setup redirect. It reads the cached session, so this costs no request.
 */
export function revalidateOnPathChange({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/**
 * A route of the app that is an auth page: those are their own document, auth.html (decision
 * 023), so the browser loads it; the server answers a signed-in person with a redirect on.
 * "/auth" alone is the login page.
 */
export function leaveForAuthPage({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\/+$/, '');
  return redirectDocument(`${pathname === '/auth' ? authPaths.login : pathname}${url.search}`);
}

/** Spec §2: the empty root redirects to sign-up; a signed-in person goes home instead. */
export async function redirectFromRoot() {
  const session = await loadSession().catch(() => null);
  return redirect(session?.user ? homePath : authPaths.signUp);
}

/** Pages open to everyone that still show who is signed in (the not-found page's home link). */
export async function loadSessionQuietly() {
  await loadSession().catch(() => null);
  return null;
}

/**
 * Spec §2: the admin area has its own guard. It runs inside the signed-in guard (so there is a
 * user) and asks the server, which decides; the page shows not-found to anyone else.
 */
export async function loadAdminAccess(): Promise<boolean> {
  const { user } = await loadSession();
  if (!user) return false;
  return queryClient.ensureQueryData(adminAccessQueryOptions(user.id));
}
