import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataBlock, HostPage, PageMeta } from '../../lib/web-app.ts';
import { eventListReply } from '@huddle/shared/events';
import { pageByPath } from '@huddle/shared/website-templates';
import {
  publicWebsiteReply,
  showsTeamEvents,
  siteElementId,
  type PublicWebsite,
  type SiteBootstrap,
  type WebsitePage,
} from '@huddle/shared/websites';
import { teamEvents } from '../events/event-lists.service.ts';
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
export function websitePages(db: Database, clock: Clock, publicOrigin: string) {
  return async (pathname: string): Promise<HostPage | null> => {
    const match = sitePath.exec(pathname);
    if (!match) return null;
    const [, kind, id = '', rest] = match;
    const basePath = `/${kind}/${id}`;
    if (!uuid.safeParse(id).success) return kind === 'organization' ? toRoot : notFound(basePath);
    // A failed lookup (database down) still sends the page: its script asks the API and offers a retry.
    const site = await findPublicWebsite(db, kind === 'organization' ? { teamId: id } : { websiteId: id }).catch(
      () => 'failed' as const,
    );
    if (site === 'failed') return { kind: 'site', status: 200, meta: null, data: [] };
    if (!site) return kind === 'organization' ? toRoot : notFound(basePath);
    const meta = sitePageMeta(site, rest, { imageOrigin: publicOrigin, url: `${publicOrigin}${pathname}` });
    const page = pageByPath(site.document, rest);
    return {
      kind: 'site',
      status: page ? 200 : 404,
      meta,
      data: [await siteDataBlock(db, clock, basePath, site, page)],
    };
  };
}

/** Spec §2 guard: a team without a published site sends the visitor to the root. */
const toRoot: HostPage = { kind: 'redirect', location: '/' };

/** An unknown site: site.html's "not found", 404. */
function notFound(basePath: string): HostPage {
  const value: SiteBootstrap = { basePath, site: null };
  return { kind: 'site', status: 404, meta: null, data: [{ id: siteElementId, value }] };
}

/**
 * The data block that carries the site to site.html's script, written through the reply schemas as
 * the API sends them: the site, and the team's upcoming events as a visitor sees them when the page
 * sent (undefined: the site's not-found page) has a block that shows them. A private team's events
 * (or a failed lookup) stay out: the block asks the API.
 */
export async function siteDataBlock(
  db: Database,
  clock: Clock,
  basePath: string,
  site: PublicWebsite,
  page: WebsitePage | undefined,
): Promise<DataBlock> {
  const value: SiteBootstrap = { basePath, site: publicWebsiteReply.parse(site) };
  const teamId = site.team?.id;
  if (teamId && page && showsTeamEvents(page)) {
    const events = await teamEvents(db, clock, { viewerId: undefined, teamId }).catch(() => null);
    if (events) value.teamEvents = eventListReply.parse(events);
  }
  return { id: siteElementId, value };
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
