import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { sessionQueryOptions } from '../features/accounts/api/get-session.ts';
import { authPaths, authPathWithReturnTo, returnToParam } from '../features/accounts/auth-paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { moreInfoPath, settingsPath } from './account-paths.ts';
import { safeReturnTo } from './return-to.ts';
import { homePath } from './signed-in-landing.ts';

/** The session, fetched once and then read from the cache (pages read the same entry). */
function loadSession() {
  return queryClient.ensureQueryData(sessionQueryOptions());
}

/** Pages a person who has not finished first-time setup may open (spec §2: more-info and settings). */
const setupPaths = new Set([moreInfoPath, settingsPath]);

/**
 * Signed-in pages: a visitor goes to sign in, and comes back here afterwards. A new user
 * (no additional info yet) is sent to first-time setup from every page but setup and settings.
 */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const { user } = await loadSession();
  const url = new URL(request.url);
  if (!user) throw redirect(authPathWithReturnTo(authPaths.login, `${url.pathname}${url.search}`));
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (!user.hasAdditionalInfo && !setupPaths.has(pathname)) throw redirect(moreInfoPath);
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
 * The auth pages: someone already signed in goes on to where they were heading.
 * If the session cannot be read (server down), the form still shows: signing in will say why.
 */
export async function requireSignedOut({ request }: LoaderFunctionArgs) {
  const session = await loadSession().catch(() => null);
  if (session?.user) {
    const returnTo = safeReturnTo(new URL(request.url).searchParams.get(returnToParam));
    throw redirect(returnTo ?? homePath);
  }
  return null;
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
