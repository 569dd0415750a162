import { z } from 'zod';

/**
 * Issue 33, "games that search engines and chat apps understand" (decision 076): the public
 * addresses crawlers and link previews read, outside /api (robots.txt keeps crawlers out of /api,
 * and Twitterbot will not fetch an image robots.txt disallows).
 */
export const seoPaths = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  /** One page of a sitemap split past its URL limit: /sitemaps/events/2.xml. */
  sitemapPage: (source: SitemapSource, page: number) => `/sitemaps/${source}/${page}.xml`,
  /** A page's link-preview image (Open Graph), a PNG drawn on the server. */
  previewImage: (kind: PreviewImageKind, id: string) => `/og/${kind}/${id}.png`,
} as const;

/**
 * What a sitemap lists, in the order it lists them (each its own pages once split): the fixed
 * public pages (discover, the post board, the partner lists), then the rows of each kind.
 */
export const sitemapSources = [
  'pages',
  'events',
  'teams',
  'places',
  'tournaments',
  'posts',
  'partners',
  'partner-events',
] as const;
export type SitemapSource = (typeof sitemapSources)[number];

/** sitemaps.org: a sitemap file holds at most 50,000 URLs; past that, an index names the files. */
export const sitemapUrlLimit = 50_000;

export const sitemapPageParams = z.object({
  source: z.enum(sitemapSources, 'Unknown sitemap.'),
  page: z.coerce.number('Unknown sitemap page.').int('Unknown sitemap page.').min(1, 'Unknown sitemap page.'),
});

export const previewImageKinds = ['events', 'teams', 'places', 'tournaments'] as const;
export type PreviewImageKind = (typeof previewImageKinds)[number];

export const previewImageParams = z.object({
  kind: z.enum(previewImageKinds, 'Unknown page.'),
  id: z.uuid('Unknown page.'),
});
/** ?v= is the image's content version: a new one when what it shows changes (chat apps cache by URL). */
export const previewImageQuery = z.object({ v: z.string().max(32).optional() });

/**
 * How long a preview image may be reused: an event's shows its spots left, so a shared link
 * never shows a count more than five minutes old; the others change rarely.
 */
export const previewImageMaxAgeSeconds: Record<PreviewImageKind, number> = {
  events: 300,
  teams: 3600,
  places: 3600,
  tournaments: 900,
};

/** Open Graph's recommended size (1.91:1), which every chat app shows as a large card. */
export const previewImageSize = { width: 1200, height: 630 } as const;
