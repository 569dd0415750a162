import { partnerPaths, partnerTypes } from '@huddle/shared/partners';
import { postCategories } from '@huddle/shared/posts';
import { seoPaths, sitemapSources, type SitemapSource } from '@huddle/shared/seo';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';
import { countSitemapRows, listSitemapRows, type SitemapRow } from './seo.repository.ts';

/**
 * sitemap.xml and robots.txt (issue 33, decision 076). A sitemap lists only pages a visitor may
 * open (the repository's rules); past `urlLimit` URLs it becomes an index of per-source pages.
 * Rows are read in batches by id (keyset) and written out as they come, so a 50,000-URL page is
 * never held whole, in memory or in one query.
 */
export interface SitemapDeps {
  db: Database;
  clock: Clock;
  publicOrigin: string;
  /** The per-source counts, kept briefly: the index and the page numbers read them. */
  counts: ResponseCache<Record<SitemapSource, number>>;
  /** sitemaps.org's 50,000; tests pass a few. */
  urlLimit: number;
  /** Rows per query. */
  batchSize: number;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (character) => xmlEscapes[character] ?? character);

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlsetOpen = `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const urlsetClose = '</urlset>\n';

/** The fixed public pages: where people browse from. */
const fixedPages = [
  '/discover',
  '/posts',
  ...postCategories.map((category) => `/posts/${category.slug}`),
  ...partnerTypes.map((type) => partnerPaths.list(type.slug)),
  '/tournament',
  '/quiz',
];

function pathOf(source: Exclude<SitemapSource, 'pages'>, row: SitemapRow): string {
  switch (source) {
    case 'events':
      return `/discover/events/${row.id}`;
    case 'teams':
      return `/team/${row.id}`;
    case 'places':
      return `/places/view/${row.id}`;
    case 'tournaments':
      return `/tournament/${row.id}`;
    case 'posts':
      return `/posts/${row.category}/${row.subcategory}/${row.id}`;
    case 'partners':
      return partnerPaths.preferred(row.id);
    case 'partner-events':
      return partnerPaths.events(row.id);
  }
}

const urlEntry = (origin: string, path: string, lastmod: Date | null) =>
  `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/** How many URLs each source has now (the fixed pages counted as they are). */
export async function countSitemapUrls(deps: SitemapDeps): Promise<Record<SitemapSource, number>> {
  const { value } = await deps.counts.get('counts', async () => {
    const now = deps.clock.now();
    const tableSources = sitemapSources.filter((source) => source !== 'pages');
    const counted = await Promise.all(tableSources.map((source) => countSitemapRows(deps.db, source, now)));
    const counts = Object.fromEntries(tableSources.map((source, index) => [source, counted[index] ?? 0]));
    return { value: { pages: fixedPages.length, ...counts } as Record<SitemapSource, number>, tags: [] };
  });
  return value;
}

/** The URL entries of one page of one source, a batch of rows at a time. */
async function* pageEntries(deps: SitemapDeps, source: SitemapSource, page: number): AsyncGenerator<string> {
  const origin = deps.publicOrigin;
  const first = (page - 1) * deps.urlLimit;
  if (source === 'pages') {
    for (const path of fixedPages.slice(first, first + deps.urlLimit)) yield urlEntry(origin, path, null);
    return;
  }
  const now = deps.clock.now();
  let after: string | null = null;
  let left = deps.urlLimit;
  while (left > 0) {
    const limit = Math.min(deps.batchSize, left);
    const rows = await listSitemapRows(deps.db, source, { now, after, offset: after ? 0 : first, limit });
    if (rows.length > 0) yield rows.map((row) => urlEntry(origin, pathOf(source, row), row.lastmod)).join('');
    if (rows.length < limit) return;
    left -= rows.length;
    after = rows.at(-1)?.id ?? null;
  }
}

export type SitemapDocument =
  { kind: 'urlset'; body: AsyncIterable<string> } | { kind: 'index'; body: string } | { kind: 'not-found' };

const pageCount = (urls: number, limit: number) => Math.ceil(urls / limit);

/** /sitemap.xml: every URL when they fit in one file, else the index of the per-source files. */
export async function sitemapRoot(deps: SitemapDeps): Promise<SitemapDocument> {
  const counts = await countSitemapUrls(deps);
  const total = sitemapSources.reduce((sum, source) => sum + counts[source], 0);
  if (total <= deps.urlLimit) {
    return {
      kind: 'urlset',
      body: (async function* () {
        yield urlsetOpen;
        for (const source of sitemapSources) if (counts[source] > 0) yield* pageEntries(deps, source, 1);
        yield urlsetClose;
      })(),
    };
  }
  const files = sitemapSources.flatMap((source) =>
    Array.from({ length: pageCount(counts[source], deps.urlLimit) }, (_, index) =>
      escapeXml(`${deps.publicOrigin}${seoPaths.sitemapPage(source, index + 1)}`),
    ),
  );
  return {
    kind: 'index',
    body: `${xmlHead}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>\n`)
      .join('')}</sitemapindex>\n`,
  };
}

/** /sitemaps/{source}/{page}.xml: one file of the index; a page past the end is not found. */
export async function sitemapPage(
  deps: SitemapDeps,
  { source, page }: { source: SitemapSource; page: number },
): Promise<SitemapDocument> {
  const counts = await countSitemapUrls(deps);
  if (page > Math.max(1, pageCount(counts[source], deps.urlLimit))) return { kind: 'not-found' };
  return {
    kind: 'urlset',
    body: (async function* () {
      yield urlsetOpen;
      yield* pageEntries(deps, source, page);
      yield urlsetClose;
    })(),
  };
}

/**
 * Pages that are someone's own or an organizer's tools: no crawler has any business there (they
 * answer a visitor with sign-in anyway). "$" ends a rule where a longer public address shares
 * its start: /profile is one's own profile, /profile/{id} a public one.
 */
const privatePaths = [
  '/api/',
  '/auth/',
  '/home',
  '/settings',
  '/more-info',
  '/profile$',
  '/notifications',
  '/messages',
  '/invoices',
  '/transactions',
  '/payment-success',
  '/pay-balance/',
  '/admin',
  '/create',
  '/events/new',
  '/teams/create',
  '/teams-v3',
  '/teams$',
  '/my-communities',
  '/external-teams',
  '/team-not-found',
  '/user-list',
  '/user-onboarding',
  '/start/community',
  '/places/new',
  '/places/edit/',
  '/discover/events/*/manage',
  '/discover/events/*/edit',
  '/games/*/manage',
  '/site$',
  '/site/build',
  '/custom-website',
  '/form/build',
  '/form/payment/',
  '/form/*/submissions',
  '/invite/',
  '/verify-email',
  '/connect',
  '/localconnect',
];

/** robots.txt on Huddle's own host: private routes out, the sitemap named. */
export function huddleRobots(publicOrigin: string): string {
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicOrigin}${seoPaths.sitemap}`,
    '',
  ].join('\n');
}

/**
 * robots.txt on a community's own domain (issue 15): its site is all public, bar the form
 * builder and the answers to its forms; no Huddle sitemap (its URLs are on another host).
 */
export function customDomainRobots(): string {
  return ['User-agent: *', 'Disallow: /form/build', 'Disallow: /form/*/submissions', 'Allow: /', ''].join('\n');
}
