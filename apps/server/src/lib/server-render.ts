import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getSessionEndpoint } from '@huddle/shared/accounts';
import type { AuthFormState, AuthPath } from '@huddle/shared/auth-pages';
import type { EventView } from '@huddle/shared/events';
import type { ServerRenderState } from '@huddle/shared/landing-pages';
import type { CurrentUser } from '@huddle/shared/users';
import type { FastifyRequest } from 'fastify';
import type { ContentPageSources } from '@huddle/shared/content-page-sources';
import {
  firstAcceptedLanguage,
  knownTimeZone,
  viewerTimeZoneCookie,
  visitorCityCookie,
  type RenderRequest,
} from '@huddle/shared/discover-home-page-sources';
import { contentPageSourcesFor, type ContentPageReads } from './content-page-sources.ts';
import { cookieValues } from './session.ts';

/**
 * What the web build's server entry exports (apps/web/src/app/entry-server.tsx, built into
 * dist/.ssr/entry-server.mjs). Loaded at run time, not bundled: the server builds and starts
 * without a web build, and a copy of dist (WEB_DIST_DIR) carries the renderer that matches it.
 */
interface EntryServer {
  renderPage(
    url: string,
    sources: {
      session: { user: CurrentUser | null };
      event: (eventId: string, occurrence: string | null) => Promise<EventView | null>;
      /** Team, place, … pages (decision 075's addendum). */
      content: ContentPageSources;
      /** Discover and home: what the server knows of the browser. */
      request: RenderRequest;
    },
  ): Promise<RenderedPage | PageRedirect | null>;
  /** Sign-in or sign-up (issue 33); null for the auth pages not rendered on the server. */
  renderAuthPage(
    page: AuthPath,
    search: string,
    options: { socialProviders: readonly string[]; formState: AuthFormState | null },
  ): Promise<{ html: string; title: string } | null>;
}

/** A page rendered on the server: the markup of #root, and the state the browser hydrates from. */
export interface RenderedPage {
  html: string;
  state: ServerRenderState;
  /** The page's title as the app sets it (issue 33): the HTML's, where no page meta gives one. */
  title?: string;
}

/**
 * An address the page's route sends elsewhere before rendering (a post's category named by its name
 * goes to its slug's address: app/post-addresses.ts): the server answers with that redirect, as the
 * browser's router would have made it.
 */
export interface PageRedirect {
  redirect: { status: number; location: string };
}

/** The server's answers a rendered page is made from: the same services as the API's, for this request's person. */
export interface ServerRenderSources {
  event: (
    request: FastifyRequest,
    viewerId: string | undefined,
    page: { eventId: string; occurrence: string | null },
  ) => Promise<EventView | null>;
  /** Team, place, … pages (decision 075's addendum): each feature's reads, as its API routes make them. */
  content: ContentPageReads;
}

export type RenderPage = (
  request: FastifyRequest,
  url: string,
  user: CurrentUser | null,
) => Promise<RenderedPage | PageRedirect | null>;

/** The path of the server entry in a web build. */
export const serverEntryPath = (webDistDir: string) => path.join(webDistDir, '.ssr', 'entry-server.mjs');

/** The server entry of a web build, loaded once (null without one). */
function entryLoader(webDistDir: string): () => Promise<EntryServer | null> {
  const entryPath = serverEntryPath(webDistDir);
  let entry: Promise<EntryServer | null> | undefined;
  return () =>
    (entry ??= existsSync(entryPath)
      ? (import(pathToFileURL(entryPath).href) as Promise<EntryServer>)
      : Promise.resolve(null));
}

export type RenderAuthPage = (
  page: AuthPath,
  search: string,
  formState: AuthFormState | null,
) => Promise<{ html: string; title: string } | null>;

/**
 * Sign-in and sign-up rendered on the server (issue 33): the same for every visitor but for a
 * failed form post's outcome (what that person typed), so nothing is kept between requests.
 */
export function createAuthPageRender(webDistDir: string, socialProviders: readonly string[]): RenderAuthPage {
  const load = entryLoader(webDistDir);
  return async (page, search, formState) => {
    const server = await load();
    if (!server) return null;
    return server.renderAuthPage(page, search, { socialProviders, formState });
  };
}

/**
 * Renders the first page on the server (decision 075), for the pages the web app's server entry
 * renders (null for every other page, and without a server entry in the build). Each render gets
 * its own query client (in the entry), filled from `sources` for the person asking: nothing is
 * shared between requests.
 */
export function createServerRender(webDistDir: string, sources: ServerRenderSources): RenderPage {
  const load = entryLoader(webDistDir);
  return async (request, url, user) => {
    const server = await load();
    if (!server) return null;
    // As index.html's session block and GET /api/auth/session carry it: through the reply schema.
    const session = getSessionEndpoint.reply.safeParse({ user });
    if (!session.success) return null;
    return server.renderPage(url, {
      session: session.data,
      event: (eventId, occurrence) => sources.event(request, user?.id, { eventId, occurrence }),
      content: contentPageSourcesFor(sources.content, request, user?.id),
      request: renderRequestOf(request),
    });
  };
}

/**
 * The browser's language, a visitor's picked city and the browser's time zone, as this request
 * tells them (issue 33): the web app decides the distance unit, the visitor's list and the event
 * page's "Your time" line from them as the browser does from navigator.language, its own storage
 * and Intl.
 */
function renderRequestOf(request: FastifyRequest): RenderRequest {
  return {
    language: firstAcceptedLanguage(request.headers['accept-language']),
    pickedCity: browserCookie(request, visitorCityCookie),
    timeZone: knownTimeZone(browserCookie(request, viewerTimeZoneCookie)),
  };
}

/** A cookie the browser writes (URI-encoded), decoded; null without one or when it does not decode. */
function browserCookie(request: FastifyRequest, name: string): string | null {
  const [value] = cookieValues(request.headers.cookie, name);
  try {
    return value ? decodeURIComponent(value) : null;
  } catch {
    // Not written by the app: as if the browser had said nothing.
    return null;
  }
}
