import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { DataBlock, HostPage, PageMeta } from '../../lib/web-app.ts';
import { pageByPath } from '@huddle/shared/website-templates';
import { publicWebsiteReply, siteElementId, type PublicWebsite, type SiteBootstrap } from '@huddle/shared/websites';
import { findPublicWebsite } from './websites.service.ts';

const uuid = z.uuid();
/** site/view/{id}/{page…} and organization/{teamId}/{page…} (spec §2). */
const sitePath = /^\/(site\/view|organization)\/([^/]+)(?:\/(.*))?$/;

/** An image URL a preview can fetch: uploads are made absolute on Huddle's own origin. */
const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/**
 * What a website page on Huddle's own host gets (decision 041): site.html, the sites' light entry,
 * with the page's title, description and image (spec §2 guard: from the team and the site's meta
 * logo, so links shared in chat apps show a preview) and the published site in a data block, so
 * the page renders without asking the API. A team without a published site goes to the root
 * (spec §2 guard); an unknown site gets site.html's "not found", 404. Null for other paths.
 */
export function websitePages(db: Database, publicOrigin: string) {
  return async (pathname: string): Promise<HostPage | null> => {
    const match = sitePath.exec(pathname);
    if (!match) return null;
    const [, kind, id = '', rest] = match;
    const basePath = `/${kind}/${id}`;
    if (!uuid.safeParse(id).success)
      return kind === 'organization' ? { kind: 'redirect', location: '/' } : siteHtml(basePath, null, 404, null);
    // A failed lookup (database down) still sends the page: its script asks the API and offers a retry.
    const site = await findPublicWebsite(db, kind === 'organization' ? { teamId: id } : { websiteId: id }).catch(
      () => 'failed' as const,
    );
    if (site === 'failed') return { kind: 'site', status: 200, meta: null, data: [] };
    if (!site)
      return kind === 'organization' ? { kind: 'redirect', location: '/' } : siteHtml(basePath, null, 404, null);
    const meta = sitePageMeta(site, rest, { imageOrigin: publicOrigin, url: `${publicOrigin}${pathname}` });
    return siteHtml(basePath, site, pageByPath(site.document, rest) ? 200 : 404, meta);
  };
}

/** The data block that carries the site to site.html's script, written through the reply schema as the API sends it. */
export function siteDataBlock(basePath: string, site: PublicWebsite | null): DataBlock {
  const value: SiteBootstrap = { basePath, site: site && publicWebsiteReply.parse(site) };
  return { id: siteElementId, value };
}

function siteHtml(basePath: string, site: PublicWebsite | null, status: 200 | 404, meta: PageMeta | null): HostPage {
  return { kind: 'site', status, meta, data: [siteDataBlock(basePath, site)] };
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
