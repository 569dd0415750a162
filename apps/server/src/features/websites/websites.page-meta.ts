import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PageMeta } from '../../lib/web-app.ts';
import { pageByPath } from '@huddle/shared/website-templates';
import type { PublicWebsite } from '@huddle/shared/websites';
import { findPublicWebsite } from './websites.service.ts';

const uuid = z.uuid();
/** site/view/{id}/{page…} and organization/{teamId}/{page…} (spec §2). */
const sitePath = /^\/(site\/view|organization)\/([^/]+)(?:\/(.*))?$/;

/** An image URL a preview can fetch: uploads are made absolute on Huddle's own origin. */
const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/**
 * The title, description and image of a website page for the HTML the server sends (spec §2
 * guard: from the team and the site's meta logo), so links shared in chat apps show a preview.
 */
export function websitePageMeta(db: Database, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const match = sitePath.exec(pathname);
    if (!match) return null;
    const [, kind, id = '', rest] = match;
    if (!uuid.safeParse(id).success) return null;
    const site = await findPublicWebsite(db, kind === 'organization' ? { teamId: id } : { websiteId: id });
    if (!site) return null;
    return sitePageMeta(site, rest, { imageOrigin: publicOrigin, url: `${publicOrigin}${pathname}` });
  };
}

/**
 * A published site's page as previews read it: the page's title with the site's, the site's
 * description (or the team's name), its meta logo (or the team's photo, or the theme's logo).
 */
export function sitePageMeta(
  site: PublicWebsite,
  subPath: string | undefined,
  { imageOrigin, url }: { imageOrigin: string; url: string },
): PageMeta {
  const page = pageByPath(site.document, subPath);
  const title = page && page.path !== '' ? `${page.title} | ${site.meta.title}` : site.meta.title;
  const image = site.meta.logoUrl || site.team?.photoURL || site.document.theme.logoUrl || null;
  return {
    title,
    description: site.meta.description || (site.team ? `${site.team.name} on Huddle` : site.meta.title),
    image: image ? absolute(image, imageOrigin) : null,
    url,
  };
}
