import { findPartnerTypeBySlug, partnerMessages, partnerPaths, partnerTypeOf } from '@huddle/shared/partners';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PageMeta } from '../../lib/web-app.ts';
import { partnerOrganizationLd } from '../seo/structured-data.ts';
import { getPartner } from './partners.service.ts';

const uuid = z.uuid();
/** partners/{ptype}, partner/preferred/{id} and partner/events/{id} (spec §2). */
const listPath = /^\/partners\/([^/]+)\/?$/;
const partnerPath = /^\/partner\/(preferred|events)\/([^/]+)\/?$/;

const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);
/** A description is a preview line: the first 200 characters of the partner's own words. */
const previewOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
};

/**
 * The title and description of the partner pages in the HTML the server sends (spec §6: partner
 * pages are public), so a shared link names the partner; a partner's own page carries its
 * Organization for search engines. Unknown types and partners keep
 * index.html's own tags (the page itself shows not found).
 */
export function partnerPageMeta(db: Database, clock: Clock, publicOrigin: string) {
  return async (pathname: string): Promise<PageMeta | null> => {
    const list = listPath.exec(pathname);
    if (list) {
      const type = findPartnerTypeBySlug(list[1] ?? '');
      if (!type) return null;
      return {
        title: `${partnerMessages.listHeading(type.name)} | Huddle`,
        description: `${type.name} Huddle works with, and their offers for players.`,
        image: null,
        url: `${publicOrigin}${partnerPaths.list(type.slug)}`,
      };
    }
    const match = partnerPath.exec(pathname);
    if (!match) return null;
    const [, kind = '', partnerId = ''] = match;
    if (!uuid.safeParse(partnerId).success) return null;
    const partner = await getPartner(db, clock, { partnerId }).catch(() => null);
    if (!partner || (kind === 'events' && !partner.hasEvents)) return null;
    const what = kind === 'events' ? 'Events' : partnerTypeOf(partner.type).one;
    const logo = partner.logoUrl ? absolute(partner.logoUrl, publicOrigin) : null;
    const url = `${publicOrigin}${kind === 'events' ? partnerPaths.events(partner.id) : partnerPaths.preferred(partner.id)}`;
    return {
      title: `${partner.name} | ${what} | Huddle partner`,
      description: previewOf(partner.description) || `${partner.name}, a Huddle partner.`,
      image: logo,
      url,
      structuredData: [
        partnerOrganizationLd({
          kind: partner.type,
          name: partner.name,
          description: partner.description,
          url,
          logo,
          website: partner.websiteUrl,
          address: partner.address,
          city: partner.cityName,
        }),
      ],
    };
  };
}
