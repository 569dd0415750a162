import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import type { eventListReply } from './events.ts';

/**
 * Issue 15: team and community websites. A site's document is the builder's data (Puck's
 * content per page, block type and props) plus a theme. It is checked here, block props
 * included, on every save: the server never stores JSON this schema did not accept.
 */

export const websiteLimits = {
  pages: 12,
  blocksPerPage: 40,
  galleryImages: 24,
  sponsors: 30,
  title: 80,
  heading: 120,
  shortText: 500,
  longText: 5000,
  label: 40,
  url: 500,
} as const;

export const websiteMessages = {
  createFailed: 'Error creating website',
  notFound: 'This website does not exist or is not published.',
  staleDraft: 'This website was changed in another tab or by another organizer. Reload to see the latest version.',
  notEditor: 'Only the website’s creator and its team’s organizers can do that.',
  formNotTeams: 'Pick one of the team’s forms for the Form block.',
  formNotYours: 'Pick one of your forms for the Form block.',
  badUrl: 'Use a web address starting with https:// or http://, or an uploaded image.',
  badPath: 'Use lowercase letters, digits and dashes.',
  duplicatePath: 'Two pages cannot share a path.',
  needsHome: 'The first page is the home page: leave its path empty.',
  leaveUnsaved: 'You have unsaved changes. Leave without saving?',
  deleteConfirm: 'Delete this website? Visitors will no longer see it. This cannot be undone.',
} as const;

const max = (limit: number) => `At most ${limit} characters.`;
const text = (limit: number) => z.string().trim().max(limit, max(limit));

/**
 * A link or image a visitor's browser will follow: http(s) or a Huddle upload, never
 * javascript:, data: or another scheme. Empty means none.
 */
export const isSafeWebsiteUrl = (value: string): boolean =>
  /^https?:\/\/[^\s]+$/i.test(value) || /^\/uploads\/[A-Za-z0-9._/-]+$/.test(value);
const url = z
  .string()
  .trim()
  .max(websiteLimits.url, max(websiteLimits.url))
  .refine((value) => value === '' || isSafeWebsiteUrl(value), websiteMessages.badUrl);
/**
 * A button's or a text's link: also a path inside Huddle (a site page, a form), but not `//host`,
 * which browsers read as another site's address.
 */
export const isSafeWebsiteLink = (value: string): boolean =>
  isSafeWebsiteUrl(value) || /^\/(?!\/)[A-Za-z0-9._~/-]*$/.test(value);
const href = z
  .string()
  .trim()
  .max(websiteLimits.url, max(websiteLimits.url))
  .refine((value) => value === '' || isSafeWebsiteLink(value), websiteMessages.badUrl);

const blockId = z.string().min(1).max(100);
const block = <T extends string, S extends z.ZodRawShape>(type: T, props: S) =>
  z.strictObject({ type: z.literal(type), props: z.strictObject({ id: blockId, ...props }) });

export const heroBlock = block('Hero', {
  heading: text(websiteLimits.heading),
  text: text(websiteLimits.shortText),
  imageUrl: url,
  buttonLabel: text(websiteLimits.label),
  buttonHref: href,
});
/**
 * Formatted text as a structure, never HTML (decision 041): paragraphs and headings of runs, and
 * lists whose items are runs. A run is text, bold and/or italic, maybe a link (checked as any
 * site link: http(s), an upload or a site path). The site draws it with React elements only.
 */
const richRun = z.strictObject({
  text: z.string().max(websiteLimits.longText),
  bold: z.literal(true).optional(),
  italic: z.literal(true).optional(),
  href: href.refine((value) => value !== '', websiteMessages.badUrl).optional(),
});
export type RichTextRun = z.infer<typeof richRun>;
const runs = z.array(richRun).max(200);
export const richTextContent = z
  .array(
    z.discriminatedUnion('type', [
      z.strictObject({ type: z.enum(['paragraph', 'heading3', 'heading4']), runs }),
      z.strictObject({ type: z.enum(['bulletList', 'orderedList']), items: z.array(runs).max(100) }),
    ]),
  )
  .max(200)
  .superRefine((content, context) => {
    const length = content
      .flatMap((node) => ('runs' in node ? node.runs : node.items.flat()))
      .reduce((total, run) => total + run.text.length, 0);
    if (length > websiteLimits.longText) context.addIssue({ code: 'custom', message: max(websiteLimits.longText) });
  });
export type RichTextContent = z.infer<typeof richTextContent>;

export const richTextBlock = block('RichText', {
  heading: text(websiteLimits.heading),
  content: richTextContent,
});
/** A picture's size in pixels, measured when its address is set (decision 044): the page reserves its space. */
const pixels = z.number().int().min(1).max(20_000);
export const imageBlock = block('Image', {
  url,
  alt: text(200),
  caption: text(200),
  /** Blocks saved before decision 044 have no size; they still render, without reserved space. */
  width: pixels.optional(),
  height: pixels.optional(),
});
export const galleryBlock = block('Gallery', {
  heading: text(websiteLimits.heading),
  images: z
    .array(z.strictObject({ url, alt: text(200) }))
    .max(websiteLimits.galleryImages, `At most ${websiteLimits.galleryImages} images.`),
});
const countOf = z.number().int().min(1).max(20);
export const upcomingEventsBlock = block('UpcomingEvents', { heading: text(websiteLimits.heading), limit: countOf });
export const seasonsBlock = block('Seasons', { heading: text(websiteLimits.heading) });
export const formBlock = block('Form', {
  heading: text(websiteLimits.heading),
  /** One of the team's published forms (on a personal site, its editor's); empty until chosen. */
  formId: z.union([z.uuid('Pick a form.'), z.literal('')]),
  buttonLabel: text(websiteLimits.label),
});
export const scheduleBlock = block('Schedule', { heading: text(websiteLimits.heading) });
export const rosterBlock = block('Roster', { heading: text(websiteLimits.heading) });
export const contactBlock = block('Contact', {
  heading: text(websiteLimits.heading),
  text: text(websiteLimits.shortText),
  email: z.union([z.email('Enter a valid email.').max(100), z.literal('')]),
  phone: text(40),
  address: text(200),
});
export const mapBlock = block('Map', { heading: text(websiteLimits.heading) });
export const sponsorsBlock = block('Sponsors', {
  heading: text(websiteLimits.heading),
  sponsors: z
    .array(z.strictObject({ name: text(80), logoUrl: url, href: url }))
    .max(websiteLimits.sponsors, `At most ${websiteLimits.sponsors} sponsors.`),
});

export const websiteBlock = z.discriminatedUnion('type', [
  heroBlock,
  richTextBlock,
  imageBlock,
  galleryBlock,
  upcomingEventsBlock,
  seasonsBlock,
  formBlock,
  scheduleBlock,
  rosterBlock,
  contactBlock,
  mapBlock,
  sponsorsBlock,
]);
export type WebsiteBlock = z.infer<typeof websiteBlock>;
export type WebsiteBlockType = WebsiteBlock['type'];
export type BlockProps<T extends WebsiteBlockType> = Extract<WebsiteBlock, { type: T }>['props'];

/** A page's path below the site: '' is the home page, else lowercase words joined by dashes or slashes. */
export const pagePath = z
  .string()
  .trim()
  .max(60, max(60))
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*)?$/, websiteMessages.badPath);

export const websitePage = z.strictObject({
  id: blockId,
  title: z.string().trim().min(1, 'Give the page a title.').max(websiteLimits.title, max(websiteLimits.title)),
  path: pagePath,
  content: z
    .array(websiteBlock)
    .max(websiteLimits.blocksPerPage, `At most ${websiteLimits.blocksPerPage} blocks on a page.`),
});
export type WebsitePage = z.infer<typeof websitePage>;

export const websiteFonts = ['system', 'serif', 'rounded', 'mono'] as const;
export type WebsiteFont = (typeof websiteFonts)[number];
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour.');
export const websiteTheme = z.strictObject({
  primaryColor: colour,
  accentColor: colour,
  logoUrl: url,
  fontFamily: z.enum(websiteFonts),
});
export type WebsiteTheme = z.infer<typeof websiteTheme>;

export const websiteDocument = z
  .strictObject({
    theme: websiteTheme,
    pages: z
      .array(websitePage)
      .min(1, 'A website needs a page.')
      .max(websiteLimits.pages, `At most ${websiteLimits.pages} pages.`),
  })
  .superRefine((document, context) => {
    if (document.pages[0]?.path !== '') {
      context.addIssue({ code: 'custom', message: websiteMessages.needsHome, path: ['pages', 0, 'path'] });
    }
    const seen = new Set<string>();
    document.pages.forEach((page, index) => {
      if (seen.has(page.path))
        context.addIssue({ code: 'custom', message: websiteMessages.duplicatePath, path: ['pages', index, 'path'] });
      seen.add(page.path);
    });
  })
  .meta({ id: 'WebsiteDocument' });
export type WebsiteDocument = z.infer<typeof websiteDocument>;

/** What link previews show (spec §2 guard: title, description, image). */
export const websiteMeta = z
  .strictObject({
    title: z.string().trim().min(2, 'At least 2 characters.').max(websiteLimits.title, max(websiteLimits.title)),
    description: text(300),
    logoUrl: url,
  })
  .meta({ id: 'WebsiteMeta' });
export type WebsiteMeta = z.infer<typeof websiteMeta>;

export const websiteTemplates = ['club', 'league'] as const;
export type WebsiteTemplate = (typeof websiteTemplates)[number];

export const websiteIdParams = z.object({ websiteId: z.uuid('Unknown website.') });
export const websiteTeamParams = z.object({ teamId: z.uuid('Unknown team.') });

export const createWebsiteBody = z
  .strictObject({
    template: z.enum(websiteTemplates).default('club'),
    teamId: z.uuid('Unknown team.').nullable().default(null),
  })
  .meta({ id: 'CreateWebsite' });
export type CreateWebsiteBody = z.input<typeof createWebsiteBody>;

export const saveWebsiteBody = z
  .strictObject({ version: z.number().int().min(1), meta: websiteMeta, document: websiteDocument })
  .meta({ id: 'SaveWebsite' });
export type SaveWebsiteBody = z.input<typeof saveWebsiteBody>;

export const publishWebsiteBody = z.strictObject({ published: z.boolean() }).meta({ id: 'PublishWebsite' });

const teamRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const websiteSummary = z
  .object({
    id: z.uuid(),
    title: z.string(),
    team: teamRef,
    published: z.boolean(),
    /** The draft has changes the published site does not show yet. */
    hasUnpublishedChanges: z.boolean(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebsiteSummary' });
export type WebsiteSummary = z.infer<typeof websiteSummary>;
export const websiteListReply = z.object({ websites: z.array(websiteSummary) });

export const websiteDraftReply = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    team: teamRef,
    meta: websiteMeta,
    document: websiteDocument,
    published: z.boolean(),
    hasUnpublishedChanges: z.boolean(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebsiteDraft' });
export type WebsiteDraft = z.infer<typeof websiteDraftReply>;

/** What a visitor's browser gets: the published document, the team the live blocks read. */
export const publicWebsiteReply = z
  .object({
    id: z.uuid(),
    team: z.object({ id: z.uuid(), name: z.string(), photoURL: z.string().nullable() }).nullable(),
    meta: websiteMeta,
    document: websiteDocument,
  })
  .meta({ id: 'PublicWebsite' });
export type PublicWebsite = z.infer<typeof publicWebsiteReply>;

/**
 * The id of the JSON data block the server writes into site.html (the site pages' own entry): the
 * published site and where it is served, so the page renders without asking the API first.
 */
export const siteElementId = 'huddle-site';
export interface SiteBootstrap {
  /** The site's address below the host: `/site/view/{id}`, `/organization/{teamId}`, or '' at a custom domain's root. */
  basePath: string;
  /** Null when there is no such published site (the page answers 404). */
  site: PublicWebsite | null;
  /**
   * The team's upcoming events as a visitor sees them (GET /api/teams/:teamId/events), when the
   * page has a block that shows them: those blocks draw at once instead of after a request.
   */
  teamEvents?: z.infer<typeof eventListReply>;
}

/** The blocks that show the team's upcoming events, read from GET /api/teams/:teamId/events. */
const teamEventBlockTypes: ReadonlySet<string> = new Set(['UpcomingEvents', 'Schedule', 'Map']);

/** Whether a site page shows the team's upcoming events. */
export const showsTeamEvents = (page: WebsitePage) => page.content.some((block) => teamEventBlockTypes.has(block.type));

const okReply = z.object({ ok: z.literal(true) });
const tags = ['websites'] as const;

export const websiteEndpoints = {
  listMine: defineEndpoint({
    method: 'GET',
    path: '/api/websites',
    summary: "My websites and my teams' websites (those I may edit)",
    tags,
    reply: websiteListReply,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/websites',
    summary: 'Create a website from a template, for me or for a team I own or organize (spec §4 resolver)',
    tags,
    body: createWebsiteBody,
    reply: websiteDraftReply,
    status: 201,
  }),
  getDraft: defineEndpoint({
    method: 'GET',
    path: '/api/websites/:websiteId/draft',
    summary: 'A website as its editors build it (creator, or its team’s owner and organizers)',
    tags,
    params: websiteIdParams,
    reply: websiteDraftReply,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/websites/:websiteId',
    summary: 'Save the draft (autosave); refused with 409 when saved elsewhere since its version',
    tags,
    params: websiteIdParams,
    body: saveWebsiteBody,
    reply: websiteDraftReply,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/websites/:websiteId/publish',
    summary: 'Publish the draft (copied as it is) or take the site offline',
    tags,
    params: websiteIdParams,
    body: publishWebsiteBody,
    reply: websiteDraftReply,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/websites/:websiteId',
    summary: 'Delete a website',
    tags,
    params: websiteIdParams,
    reply: okReply,
  }),
  getPublic: defineEndpoint({
    method: 'GET',
    path: '/api/websites/:websiteId',
    summary: 'A published website, as visitors see it (404 when unpublished)',
    tags,
    params: websiteIdParams,
    reply: publicWebsiteReply,
  }),
  getTeamSite: defineEndpoint({
    method: 'GET',
    path: '/api/teams/:teamId/website',
    summary: 'A team’s published website (spec §2 organization/{id}); 404 when the team has none or no creator',
    tags,
    params: websiteTeamParams,
    reply: publicWebsiteReply,
  }),
} as const;
