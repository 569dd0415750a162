import {
  customDomainSignInPaths,
  customHostElementId,
  huddleSectionsOnCustomHost,
} from '@huddle/shared/custom-domains';
import {
  authPaths,
  authPathWithReturnTo,
  isAuthPagePath,
  returnToParam,
  safeReturnTo,
} from '@huddle/shared/auth-pages';
import { pageByPath } from '@huddle/shared/website-templates';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HostPage, PageHost } from '../../lib/web-app.ts';
import { siteDataBlock, sitePageMeta } from '../websites/websites.page-meta.ts';
import { findConnectedSite, isOwnHost } from './custom-domains.service.ts';

const segment = '[^/]+';
/** Spec §2: the form routes of the route table on another host (the site takes every other path). */
const formRoutes = [
  '/form',
  `/form/build/${segment}`,
  `/form/${segment}`,
  `/form/${segment}/submissions`,
  `/form/${segment}/${segment}`,
  `/form/payment/${segment}/${segment}`,
].map((pattern) => new RegExp(`^${pattern}/?$`));

/**
 * Sign-in on a custom host (decision 038). A guard's returnTo becomes a hop: sign in on Huddle's
 * origin (sign-up keeps the hop too), then come back to the same page on this host, signed in
 * here. The login page without a returnTo is where signing out lands: the site's home, so a
 * session still open on Huddle's origin does not sign the person straight back in. The other
 * auth pages (forgot and reset password) are Huddle's own.
 */
function authPageOnCustomHost({ origin, pathname, search }: PageHost, publicOrigin: string): string {
  const page = pathname.replace(/\/+$/, '') || '/';
  const returnTo = safeReturnTo(new URLSearchParams(search).get(returnToParam));
  const hop = (path: string) => `${customDomainSignInPaths.signIn}?next=${encodeURIComponent(`${origin}${path}`)}`;
  if (page === '/auth' || page === authPaths.login) return returnTo ? `${publicOrigin}${hop(returnTo)}` : '/';
  if (page === authPaths.signUp)
    return `${publicOrigin}${authPathWithReturnTo(authPaths.signUp, hop(returnTo ?? '/'))}`;
  return `${publicOrigin}${pathname}${search ? `?${search}` : ''}`;
}

/**
 * What a page request gets on a host that is not Huddle's own (spec §2): null for Huddle's own
 * host (the whole app). A verified domain with a published site gets index.html with the site's
 * preview tags and the bootstrap that switches the web app to the reduced route table; the site's
 * pages answer 200, Huddle's own sections and sign-in go to Huddle's origin (where its session
 * cookie lives), other paths 404 (the site's own not-found page renders). Any other host: "not
 * connected".
 */
export function customHostPages(db: Database, clock: Clock, publicOrigin: string) {
  return async (host: PageHost): Promise<HostPage | null> => {
    const { hostname, origin, pathname, search } = host;
    if (isOwnHost(hostname, publicOrigin)) return null;
    const connected = await findConnectedSite(db, { hostname, publicOrigin });
    if (!connected) return { kind: 'not-connected' };
    if (pathname === '/auth' || pathname.startsWith('/auth/') || isAuthPagePath(pathname))
      return { kind: 'redirect', location: authPageOnCustomHost(host, publicOrigin) };
    const bootstrap = { id: customHostElementId, value: connected.bootstrap };
    const meta = sitePageMeta(connected.site, pathname, { imageOrigin: publicOrigin, url: `${origin}${pathname}` });
    if (formRoutes.some((route) => route.test(pathname))) return { kind: 'page', status: 200, meta: null, bootstrap };
    const page = pageByPath(connected.site.document, pathname);
    if (!page && huddleSectionsOnCustomHost.has(pathname.split('/')[1] ?? ''))
      return { kind: 'redirect', location: `${publicOrigin}${pathname}${search ? `?${search}` : ''}` };
    return {
      kind: 'site',
      status: page ? 200 : 404,
      meta,
      data: [await siteDataBlock(db, clock, '', connected.site, page)],
    };
  };
}
