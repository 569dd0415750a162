import { customHostElementId, huddleSectionsOnCustomHost } from '@huddle/shared/custom-domains';
import { isAuthPagePath } from '@huddle/shared/auth-pages';
import { pageByPath } from '@huddle/shared/website-templates';
import type { Database } from '../../db/client.ts';
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
 * What a page request gets on a host that is not Huddle's own (spec §2): null for Huddle's own
 * host (the whole app). A verified domain with a published site gets index.html with the site's
 * preview tags and the bootstrap that switches the web app to the reduced route table; the site's
 * pages answer 200, Huddle's own sections and sign-in go to Huddle's origin (where its session
 * cookie lives), other paths 404 (the site's own not-found page renders). Any other host: "not
 * connected".
 */
export function customHostPages(db: Database, publicOrigin: string) {
  return async ({ hostname, origin, pathname, search }: PageHost): Promise<HostPage | null> => {
    if (isOwnHost(hostname, publicOrigin)) return null;
    const connected = await findConnectedSite(db, { hostname, publicOrigin });
    if (!connected) return { kind: 'not-connected' };
    if (pathname === '/auth' || pathname.startsWith('/auth/') || isAuthPagePath(pathname))
      return { kind: 'redirect', location: `${publicOrigin}${pathname}${search ? `?${search}` : ''}` };
    const bootstrap = { id: customHostElementId, value: connected.bootstrap };
    const meta = sitePageMeta(connected.site, pathname, { imageOrigin: publicOrigin, url: `${origin}${pathname}` });
    if (formRoutes.some((route) => route.test(pathname))) return { kind: 'page', status: 200, meta: null, bootstrap };
    const found = pageByPath(connected.site.document, pathname) !== undefined;
    if (!found && huddleSectionsOnCustomHost.has(pathname.split('/')[1] ?? ''))
      return { kind: 'redirect', location: `${publicOrigin}${pathname}${search ? `?${search}` : ''}` };
    return { kind: 'site', status: found ? 200 : 404, meta, data: [siteDataBlock('', connected.site)] };
  };
}
