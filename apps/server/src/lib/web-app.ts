import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { getSessionEndpoint } from '@huddle/shared/accounts';
import {
  authFormStateElementId,
  authPageConfigElementId,
  authPaths,
  isAuthPagePath,
  returnToParam,
  safeReturnTo,
  type AuthFormState,
  type AuthPageConfig,
  type AuthPath,
} from '@huddle/shared/auth-pages';
import {
  firstFrameFor,
  inlineSessionElementId,
  landingPageFor,
  scriptsAfterPaintElementId,
  serverRenderElementId,
  type FirstFrame,
  type LandingPage,
} from '@huddle/shared/landing-pages';
import type { CurrentUser } from '@huddle/shared/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.ts';
import type { RenderAuthPage, RenderPage, RenderedPage } from './server-render.ts';

/** Where a signed-in person lands from "/" and from the auth pages (the web app's homePath). */
const signedInHomePath = '/home';

export interface WebAppOptions {
  /** The signed-in user (null for a visitor); "/" and the auth pages answer by it, index.html carries it. */
  currentUser: (request: FastifyRequest) => Promise<CurrentUser | null>;
  /**
   * A website page on Huddle's own host (issue 15: site/view/{id}/…, organization/{id}/…): sent as
   * site.html; null for every other path. It must answer for its paths even when a lookup fails.
   */
  sitePage?: (pathname: string) => Promise<HostPage | null>;
  /** An app page's own title, description and preview image (posts, issue 16); null keeps index.html's. */
  pageMeta?: (pathname: string) => Promise<PageMeta | null>;
  /** Pages on a host other than Huddle's own (custom domains, issue 15); null answers as Huddle's own host. */
  hostPage?: (host: PageHost) => Promise<HostPage | null>;
  /**
   * What the auth pages need of the config, written into auth.html: the sign-in form renders at
   * first paint instead of waiting for GET /api/config (issue 30, decision 063).
   */
  authPageConfig?: AuthPageConfig;
  /** The first page rendered on the server (decision 075, lib/server-render.ts); null: index.html as it is. */
  renderPage?: RenderPage;
  /**
   * Sign-in and sign-up rendered on the server (issue 33, lib/server-render.ts): the form's markup and
   * the page's title; null leaves auth.html as it is (the browser renders the form).
   */
  renderAuthPage?: RenderAuthPage;
  /**
   * Another site an auth page's form post ends on, by the page's returnTo (a custom domain's
   * sign-in hop, decision 038): its origin, added to the page's CSP form-action, which a browser
   * applies to every redirect of the post; null: the post stays on this site.
   */
  formPostEndsOn?: (returnTo: string) => Promise<string | null>;
  /** A failed no-JavaScript form post's outcome for this page (features/accounts/auth-form-state.ts), read once. */
  authFormState?: {
    read: (request: FastifyRequest, pathname: string) => AuthFormState | null;
    /** The Set-Cookie value that removes it once read. */
    clearCookie: string;
  };
}

/** The reply's CSP with one more origin its forms may post to, or end on through redirects. */
function allowFormPostsTo(reply: FastifyReply, origin: string): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace(
      /(^|;)\s*form-action ([^;]*)/,
      (_whole, start: string, sources: string) => `${start}form-action ${sources} ${origin}`,
    ),
  );
}

/** The host a page was asked on. */
export interface PageHost {
  hostname: string;
  /** The origin the browser used (scheme, host, port). */
  origin: string;
  pathname: string;
  search: string;
}

/** A JSON data block written into the HTML, which the page's script reads at start. */
export interface DataBlock {
  id: string;
  value: unknown;
}

/** What a page request on another host, or a website page, gets. */
export type HostPage =
  | { kind: 'not-connected' }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: 200 | 404; meta: PageMeta | null; bootstrap: DataBlock }
  /**
   * A website page: site.html, the sites' own light entry (no app shell, router or Mantine;
   * decision 041), with the page's preview tags and the site itself in data blocks.
   */
  | { kind: 'site'; status: 200 | 404; meta: PageMeta | null; data: DataBlock[] };

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);

/** A page that only says something (no app, no script): for hosts and links that lead nowhere. */
export function plainMessagePage({ title, heading, text }: { title: string; heading: string; text: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 16px"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

/** Spec §2: a host that is not Huddle's and serves no site says so plainly (no app, no script). */
export const notConnectedPage = plainMessagePage({
  title: 'Not connected',
  heading: 'This domain is not connected to Huddle.',
  text: 'If it is yours, connect it from your website on Huddle, then check its DNS records.',
});

/** Several features' page-meta sources as one: the first that answers for a path. */
export function firstPageMeta(
  sources: ((pathname: string) => Promise<PageMeta | null>)[],
): (pathname: string) => Promise<PageMeta | null> {
  return async (pathname) => {
    for (const source of sources) {
      const meta = await source(pathname);
      if (meta) return meta;
    }
    return null;
  };
}

/** What link previews in chat apps read from the HTML, with no JavaScript (Open Graph and Twitter tags). */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL, or null for none. */
  image: string | null;
  /** The image's size and what it shows, for previews that lay out before it loads (decision 076). */
  imageDetails?: { width: number; height: number; alt: string };
  url: string;
  /** schema.org JSON-LD objects (decision 076): what search engines read of the page without JavaScript. */
  structuredData?: readonly object[];
}

/** index.html's title and description replaced by the page's, and its preview tags added; every value escaped. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const property = (name: string, value: string) => `<meta property="${name}" content="${escapeHtml(value)}">`;
  const named = (name: string, value: string) => `<meta name="${name}" content="${escapeHtml(value)}">`;
  const tags = [
    property('og:type', 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    ...(meta.image ? [property('og:image', meta.image)] : []),
    ...(meta.image && meta.imageDetails
      ? [
          property('og:image:width', String(meta.imageDetails.width)),
          property('og:image:height', String(meta.imageDetails.height)),
          property('og:image:alt', meta.imageDetails.alt),
        ]
      : []),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    ...(meta.image ? [named('twitter:image', meta.image)] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    // Not a script the page runs (the CSP's script-src does not apply); "<" escaped as in data blocks.
    ...(meta.structuredData ?? []).map(
      (item) => `<script type="application/ld+json">${jsonForScriptElement(item)}</script>`,
    ),
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => named('description', meta.description))
    .replace('</head>', () => `${tags}</head>`);
}

/** index.html's loader, which a landing page's first frame replaces. */
const bootLoader = /<div class="boot-loader"[^>]*>[\s\S]*?<\/div>/;
/** index.html's #root with its loader, whose whole content a server-rendered page replaces (nothing else to hydrate). */
const rootWithLoader = /<div id="root">\s*<div class="boot-loader"[^>]*>[\s\S]*?<\/div>\s*<\/div>/;

/**
 * A landing page's heading and first lines as plain HTML, painted before any script runs
 * (decision 021): the page's largest text arrives with the HTML, the page then renders the same
 * words in the same place. Styled by index.html's own <style>; every value escaped.
 */
export function firstFrameHtml(frame: FirstFrame): string {
  const note = frame.note
    ? `<p class="first-frame-note"><strong>${escapeHtml(frame.note.label)}</strong>${escapeHtml(frame.note.text)}</p>`
    : '';
  return (
    `<div class="first-frame" aria-busy="true"><div class="first-frame-bar"></div><div class="first-frame-main">` +
    `<h1>${escapeHtml(frame.heading)}</h1><p class="first-frame-lead">${escapeHtml(frame.lead)}</p>${note}</div></div>`
  );
}

/** Vite's build manifest (build.manifest): each source module's chunk and the chunks it imports. */
type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * JSON inside <script type="application/json">: "<" is escaped, so a name such as
 * "</script><script>…" cannot end the element (the parser sees no tag inside).
 */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The files of some source modules' chunks and of every chunk they import statically; their stylesheets. */
function chunkClosure(
  manifest: BuildManifest,
  modules: readonly string[],
): { files: Set<string>; styles: Set<string> } {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { files, styles };
}

/** A landing page's modules: for a signed-in person also those only they load first (the app shell, decision 082). */
const landingModules = (page: LandingPage, signedIn: boolean) =>
  signedIn ? [...page.modules, ...(page.signedInModules ?? [])] : page.modules;

/**
 * The <link> tags that fetch a landing page's own chunks with index.html (decision 021):
 * each module's chunk and what it imports, less what index.html loads already.
 */
function preloadTagsFor(
  manifest: BuildManifest,
  modules: readonly string[],
  alreadyLoaded: ReadonlySet<string>,
): string {
  const { files, styles } = chunkClosure(manifest, modules);
  return [
    ...[...files]
      .filter((file) => !alreadyLoaded.has(file))
      // Low priority as index.html's own script preloads: nothing runs before the first paint.
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    ...[...styles]
      .filter((file) => !alreadyLoaded.has(file))
      .map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * index.html without its preloads of shared chunks (`ui`, `shared-ui`: what most pages need once
 * the router has run) that a server-rendered page does not import: its modules are known, and a
 * visitor's event page would otherwise fetch the app shell's pieces before it is interactive
 * (decision 082). The entry's own chunks stay.
 */
function withoutUnneededPreloads(html: string, manifest: BuildManifest, needed: ReadonlySet<string>): string {
  const entry = chunkClosure(manifest, ['index.html']).files;
  return html.replace(/\n?\s*<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g, (tag, file: string) =>
    entry.has(file) || needed.has(file) || !manifest['index.html'] ? tag : '',
  );
}

/**
 * A server-rendered page is read from its markup; its scripts only make it live. Their preloads
 * (index.html's and the page's) go into an inert <template> that public/app-start.js puts into
 * the head once the page has been painted: until then the stylesheet has the connection to
 * itself. Before, ~190 KB of scripts were fetched beside it, which on a phone's slow link is time
 * the first paint waits for (Lighthouse counts every request started before the largest paint as
 * on its path: LCP ~3 s on a page painted in 1.4 s, issue 33). Taps before the scripts run are
 * kept (app-start.js) and links and forms work without them.
 */
function scriptPreloadsAfterPaint(html: string): string {
  const preloads: string[] = [];
  const shell = html.replace(/\n?\s*<link rel="modulepreload"[^>]*>/g, (tag) => {
    preloads.push(tag.trim());
    return '';
  });
  return shell.replace(
    '</head>',
    () => `<template id="${scriptsAfterPaintElementId}">${preloads.join('')}</template></head>`,
  );
}

/**
 * auth.html's entry script as index.html's is built (vite.config.ts, startAfterFirstPaint): a
 * preload public/app-start.js imports once the page is painted. For a rendered sign-in or sign-up
 * page, whose form is on screen and posts without JavaScript, as for the app's rendered pages.
 */
function startedAfterPaint(html: string): string {
  return html.replace(
    /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
    (_tag, src: string) =>
      `<link rel="modulepreload" crossorigin href="${src}" id="app-entry"><script type="module" async src="/app-start.js"></script>`,
  );
}

/** What index.html needs from the build, read on the first page request (a server without a web build still starts). */
function readIndexBuild(webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  const manifest: BuildManifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const alreadyLoaded = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1] ?? ''));
  return { html, manifest, alreadyLoaded };
}

/**
 * index.html, and per landing page the same with its chunks preloaded; the session goes in per
 * request. Null while there is no web build (the API alone is served).
 */
function createIndexPage(webDistDir: string) {
  let build: ReturnType<typeof readIndexBuild> | undefined;
  const withPreloads = new Map<string, string>();
  const renderedShells = new Map<string, string>();
  return (
    pathname: string,
    user: CurrentUser | null,
    meta: PageMeta | null = null,
    bootstrap: DataBlock | null = null,
    rendered: RenderedPage | null = null,
  ): string | null => {
    build ??= readIndexBuild(webDistDir);
    if (!build) return null;
    const { manifest, alreadyLoaded } = build;
    let { html } = build;
    const page = landingPageFor(pathname);
    let head = '';
    if (page) {
      const modules = landingModules(page, user !== null);
      const key = `${page.example} ${user !== null}`;
      head = withPreloads.get(key) ?? preloadTagsFor(manifest, modules, alreadyLoaded);
      withPreloads.set(key, head);
      if (rendered) {
        html = renderedShells.get(key) ?? renderedShell(html, head, manifest, chunkClosure(manifest, modules).files);
        renderedShells.set(key, html);
        head = '';
      }
    } else if (rendered) {
      html = scriptPreloadsAfterPaint(html);
    }
    // A data block, not a script: the CSP's script-src does not apply and nothing runs. Written
    // through the session endpoint's schema, as /api/auth/session sends it: the browser takes it
    // as it is (no zod on the first load, decision 021). Should it not fit, the page asks the API.
    const reply = getSessionEndpoint.reply.safeParse({ user });
    const session = reply.success
      ? `<script type="application/json" id="${inlineSessionElementId}">${jsonForScriptElement(reply.data)}</script>`
      : '';
    const data =
      (bootstrap ? dataBlockTag(bootstrap) : '') +
      (rendered ? dataBlockTag({ id: serverRenderElementId, value: rendered.state }) : '');
    const frame = user && !bootstrap && !rendered ? firstFrameFor(pathname, user) : null;
    const withFrame = rendered
      ? html.replace(rootWithLoader, () => `<div id="root">${rendered.html}</div>`)
      : frame
        ? html.replace(bootLoader, () => firstFrameHtml(frame))
        : html;
    // A rendered page's title is the one the app sets once it runs (issue 33); page meta's says the same.
    const titled =
      rendered?.title && !meta
        ? withFrame.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title ?? '')}</title>`)
        : withFrame;
    return (meta ? withPageMeta(titled, meta) : titled).replace('</head>', () => `${head}${session}${data}</head>`);
  };
}

/**
 * A server-rendered page's index.html (decision 075) with its page's preloads: only the chunks it
 * imports, fetched once it is painted, and its own styles applied from the start (no shift when
 * the scripts add them; the same without JavaScript).
 */
function renderedShell(html: string, head: string, manifest: BuildManifest, needed: ReadonlySet<string>): string {
  const styled = head.replaceAll('<link rel="preload" as="style" fetchpriority="low"', '<link rel="stylesheet"');
  const shell = withoutUnneededPreloads(html, manifest, needed).replace('</head>', () => `${styled}</head>`);
  return scriptPreloadsAfterPaint(shell);
}

function dataBlockTag({ id, value }: DataBlock): string {
  // A data block, not a script: the CSP's script-src does not apply and nothing runs.
  return `<script type="application/json" id="${id}">${jsonForScriptElement(value)}</script>`;
}

/**
 * auth.html with the auth pages' config in a data block; the same for everyone, so built once.
 * Null while there is no web build.
 */
function createAuthPage(webDistDir: string, config: AuthPageConfig | undefined) {
  let html: string | null | undefined;
  return (): string | null => {
    if (html === undefined) {
      const authPath = path.join(webDistDir, 'auth.html');
      const built = existsSync(authPath) ? readFileSync(authPath, 'utf8') : null;
      html =
        built && config
          ? built.replace('</head>', () => `${dataBlockTag({ id: authPageConfigElementId, value: config })}</head>`)
          : built;
    }
    return html;
  };
}

/**
 * site.html with a page's preview tags and data blocks. No session: a website page is the same for
 * everyone (spec §6, public), and its live blocks ask the API with the visitor's cookie themselves.
 * Null while there is no web build.
 */
function createSitePage(webDistDir: string) {
  let html: string | null | undefined;
  return (meta: PageMeta | null, data: DataBlock[]): string | null => {
    if (html === undefined) {
      const sitePath = path.join(webDistDir, 'site.html');
      html = existsSync(sitePath) ? readFileSync(sitePath, 'utf8') : null;
    }
    if (html === null) return null;
    return (meta ? withPageMeta(html, meta) : html).replace(
      '</head>',
      () => `${data.map(dataBlockTag).join('')}</head>`,
    );
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML always revalidated.
 * The auth pages get auth.html, the small sign-in entry (decision 023), with the config they
 * need written in (decision 063); every other
 * client route gets index.html (the SPA fallback) carrying the session it was sent under and,
 * for a landing page, its own chunks preloaded (decision 021). "/" and the auth pages are
 * decided here, before any script loads: a visitor goes from "/" to sign-up (spec §2), a
 * signed-in person from "/" or an auth page to home (or the auth page's returnTo).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, options: WebAppOptions): Promise<void> {
  const indexPage = createIndexPage(webDistDir);
  const sitePage = createSitePage(webDistDir);
  const authPage = createAuthPage(webDistDir, options.authPageConfig);
  // A session lookup that fails (database down) must not hide the page: treat it as signed out.
  const currentUser = (request: FastifyRequest) => options.currentUser(request).catch(() => null);
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(response, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // HEAD answers as GET does (same status and headers, no body): link checkers and uptime probes use it.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (isApi || !wantsPage) return sendNotFound(reply);
    reply.header('cache-control', 'no-cache');
    const host = options.hostPage
      ? await options
          .hostPage({ hostname: request.hostname, origin: `${request.protocol}://${request.host}`, pathname, search })
          .catch((): HostPage => ({ kind: 'not-connected' }))
      : null;
    if (host) return sendHostPage(request, reply, host);
    if (pathname === '/') {
      return reply.redirect((await currentUser(request)) ? signedInHomePath : authPaths.signUp);
    }
    if (pathname === '/auth' || pathname === '/auth/')
      return reply.redirect(`${authPaths.login}${search ? `?${search}` : ''}`);
    if (isAuthPagePath(pathname)) {
      if (await currentUser(request)) {
        const returnTo = safeReturnTo(new URLSearchParams(search).get(returnToParam));
        return reply.redirect(returnTo ?? signedInHomePath);
      }
      const page = authPage();
      if (page === null) return sendNotFound(reply);
      const formState = options.authFormState?.read(request, pathname) ?? null;
      if (formState && options.authFormState) reply.header('set-cookie', options.authFormState.clearCookie);
      const rendered = await renderedAuthPage(request, page, pathname, search, formState);
      if (rendered !== page) {
        // A rendered form may carry what the person typed: never stored.
        reply.header('cache-control', 'private, no-store');
        // Its forms post without JavaScript (issue 33). Under the app's no-referrer policy a browser
        // sends such a post with `Origin: null`, which the origin check rightly refuses; same-origin
        // sends this site's origin to this site, and still no referrer to any other.
        reply.header('referrer-policy', 'same-origin');
        const returnTo = safeReturnTo(new URLSearchParams(search).get(returnToParam));
        const endsOn =
          returnTo && options.formPostEndsOn ? await options.formPostEndsOn(returnTo).catch(() => null) : null;
        if (endsOn) allowFormPostsTo(reply, endsOn);
      }
      return reply.type('text/html; charset=utf-8').send(rendered);
    }
    const site = options.sitePage ? await options.sitePage(pathname) : null;
    if (site) return sendHostPage(request, reply, site);
    // A page's own preview tags; a failed lookup keeps index.html's (the page itself still loads).
    const meta = options.pageMeta ? await options.pageMeta(pathname).catch(() => null) : null;
    const user = await currentUser(request);
    // A page that fails to render on the server is rendered by the browser, as before (decision 075).
    const rendered = options.renderPage
      ? await options.renderPage(request, request.url, user).catch((error: unknown) => {
          request.log.error({ err: error }, 'server render failed');
          return null;
        })
      : null;
    // The route sends this address elsewhere (post-addresses.ts): the same redirect, from here.
    if (rendered && 'redirect' in rendered) return reply.redirect(rendered.redirect.location, rendered.redirect.status);
    return sendIndexPage(reply, indexPage(pathname, user, meta, null, rendered));
  });

  /**
   * auth.html with the form rendered into #root (issue 33: painted, and usable without JavaScript),
   * the page's own title, and a failed post's outcome for the browser's form to start from; as it
   * is when the render fails or there is no renderer.
   */
  async function renderedAuthPage(
    request: FastifyRequest,
    page: string,
    pathname: string,
    search: string,
    formState: AuthFormState | null,
  ): Promise<string> {
    if (!options.renderAuthPage) return page;
    const authPath = (Object.values(authPaths) as string[]).includes(pathname.replace(/\/+$/, ''))
      ? (pathname.replace(/\/+$/, '') as AuthPath)
      : authPaths.login;
    const rendered = await options
      .renderAuthPage(authPath, search ? `?${search}` : '', formState)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'server render failed');
        return null;
      });
    if (!rendered) return page;
    const state = formState ? dataBlockTag({ id: authFormStateElementId, value: formState }) : '';
    return scriptPreloadsAfterPaint(
      startedAfterPaint(page)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
        .replace(/<div id="root"><\/div>/, () => `<div id="root">${rendered.html}</div>`)
        .replace('</head>', () => `${state}</head>`),
    );
  }

  async function sendIndexPage(reply: FastifyReply, page: string | null, status = 200) {
    if (page === null) return sendNotFound(reply);
    // It carries who is signed in: never stored, so Back after signing out cannot bring it back.
    reply.header('cache-control', 'private, no-store');
    return reply.code(status).type('text/html; charset=utf-8').send(page);
  }

  async function sendHostPage(request: FastifyRequest, reply: FastifyReply, host: HostPage) {
    if (host.kind === 'not-connected') return reply.code(404).type('text/html; charset=utf-8').send(notConnectedPage);
    if (host.kind === 'redirect') return reply.redirect(host.location);
    if (host.kind === 'site') {
      const page = sitePage(host.meta, host.data);
      if (page === null) return sendNotFound(reply);
      // The same for everyone, but a site changes when it is published again: always revalidated.
      return reply.code(host.status).type('text/html; charset=utf-8').send(page);
    }
    const [pathname = '/'] = request.url.split('?');
    const page = indexPage(pathname, await currentUser(request), host.meta, host.bootstrap);
    return sendIndexPage(reply, page, host.status);
  }
}
