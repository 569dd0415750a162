import { Readable } from 'node:stream';
import { errorReply } from '@huddle/shared/error-reply';
import {
  previewImageMaxAgeSeconds,
  previewImageParams,
  previewImageQuery,
  sitemapPageParams,
  sitemapUrlLimit,
} from '@huddle/shared/seo';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { createResponseCache } from '../../lib/response-cache.ts';
import { findConnectedSite, isOwnHost } from '../custom-domains/custom-domains.service.ts';
import { eventPreviewCardOf } from '../events/events.page-meta.ts';
import { placePreviewCardOf } from '../places/places.page-meta.ts';
import { teamPreviewCardOf } from '../teams/teams.page-meta.ts';
import { tournamentPreviewCardOf } from '../tournaments/tournaments.page-meta.ts';
import { getPreviewImage } from './preview-images.service.ts';
import {
  customDomainRobots,
  huddleRobots,
  sitemapPage,
  sitemapRoot,
  type SitemapDeps,
  type SitemapDocument,
} from './seo.service.ts';

/** The OpenAPI document says what these answer, so client generators do not expect JSON. */
const textReply = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

/** Search engines fetch a sitemap a few times a day: a quarter of an hour old is fresh enough. */
const sitemapMaxAgeSeconds = 900;
const sitemapCountsTtlMs = 5 * 60_000;

export function registerSeoRoutes(
  app: FastifyInstance,
  appDeps: AppDeps,
  { urlLimit = sitemapUrlLimit, batchSize = 5_000 }: { urlLimit?: number; batchSize?: number } = {},
): void {
  const { db, clock, config, mailer, jobs, realtime } = appDeps;
  const publicOrigin = config.publicOrigin;
  const sitemapDeps: SitemapDeps = {
    db,
    clock,
    publicOrigin,
    counts: createResponseCache({ maxEntries: 1, maxBytes: 4_096, sizeOf: () => 256, ttlMs: sitemapCountsTtlMs }),
    urlLimit,
    batchSize,
  };
  appDeps.responseCaches.set('sitemap', sitemapDeps.counts);
  const eventDeps = { db, clock, mailer, jobs, realtime, publicOrigin, log: app.log };
  const previews = {
    cards: {
      events: (id: string) => eventPreviewCardOf(eventDeps, id),
      teams: (id: string) => teamPreviewCardOf(db, id),
      places: (id: string) => placePreviewCardOf(db, clock, id),
      tournaments: (id: string) => tournamentPreviewCardOf(db, id),
    },
    // About 30-60 KB a drawing: a few hundred of the most shared pages.
    drawings: createResponseCache<Buffer>({
      maxEntries: 500,
      maxBytes: 32 * 1024 * 1024,
      sizeOf: (png) => png.length,
      ttlMs: 60 * 60_000,
    }),
  };
  appDeps.responseCaches.set('preview-images', previews.drawings);

  const onHuddleHost = (request: FastifyRequest) => isOwnHost(request.hostname, publicOrigin);
  const notFound = () => new AppError('NOT_FOUND', 'Page not found');

  const sendSitemap = (reply: FastifyReply, document: SitemapDocument) => {
    if (document.kind === 'not-found') throw notFound();
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${sitemapMaxAgeSeconds}`)
      .header('x-robots-tag', 'noindex');
    // A urlset is written as its rows are read, a batch at a time.
    return reply.send(document.kind === 'index' ? document.body : Readable.from(document.body));
  };

  app.get(
    '/robots.txt',
    {
      schema: {
        summary:
          'What crawlers may read: on Huddle’s host, everything but private pages, with the sitemap; on a community’s domain, its site',
        tags: ['seo'],
        response: { 200: textReply('robots.txt', 'text/plain'), '4xx': errorReply },
      },
    },
    async (request, reply) => {
      let body: string;
      if (onHuddleHost(request)) body = huddleRobots(publicOrigin);
      else if (await findConnectedSite(db, { hostname: request.hostname, publicOrigin })) body = customDomainRobots();
      else throw notFound();
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    },
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: `The public pages (upcoming public events, public teams, places, tournaments, posts, partners); an index of per-kind files past ${sitemapUrlLimit} URLs`,
        tags: ['seo'],
        response: { 200: textReply('A sitemap or sitemap index (sitemaps.org)', 'application/xml'), '4xx': errorReply },
      },
    },
    async (request, reply) => {
      // A community's domain serves its site, whose pages Huddle's sitemap does not list.
      if (!onHuddleHost(request)) throw notFound();
      return sendSitemap(reply, await sitemapRoot(sitemapDeps));
    },
  );

  app.get(
    '/sitemaps/:source/:page.xml',
    {
      schema: {
        summary: 'One file of the sitemap index: a kind of page, 50,000 URLs at most',
        tags: ['seo'],
        params: sitemapPageParams,
        response: { 200: textReply('A sitemap (sitemaps.org)', 'application/xml'), '4xx': errorReply },
      },
    },
    async (request, reply) => {
      if (!onHuddleHost(request)) throw notFound();
      const params = request.params as z.output<typeof sitemapPageParams>;
      return sendSitemap(reply, await sitemapPage(sitemapDeps, params));
    },
  );

  app.get(
    '/og/:kind/:id.png',
    {
      schema: {
        summary:
          'A public page’s link-preview image (Open Graph, 1200×630 PNG): an event’s shows its date, place and spots left',
        tags: ['seo'],
        params: previewImageParams,
        querystring: previewImageQuery,
        response: { 200: textReply('A PNG image', 'image/png'), '4xx': errorReply },
      },
      // Drawings are kept, but a new page's costs a few tens of milliseconds of CPU.
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const params = request.params as z.output<typeof previewImageParams>;
      const image = await getPreviewImage(previews, params);
      const etag = `"${image.version}"`;
      reply
        // Bounded: an event's image shows its spots left (shared/seo.ts).
        .header('cache-control', `public, max-age=${previewImageMaxAgeSeconds[params.kind]}`)
        .header('etag', etag)
        // Chat apps fetch it from their servers; a page on another site may show it too.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(image.png);
    },
  );
}
