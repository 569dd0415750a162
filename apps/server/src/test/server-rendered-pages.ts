import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { serverEntryPath } from '../lib/server-render.ts';

/**
 * What the server-render tests of the content pages share (decision 075's addenda): the built web
 * app they render with, the parts of a rendered page, and the checks that its data is the API's and
 * its head agrees with its body.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');

/** The render runs the web build's server entry: build it when this checkout has none (npm test builds first). */
export function ensureWebBuild(): void {
  if (!existsSync(serverEntryPath(webDist)) || !existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@huddle/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
}

export type RenderedQuery = { queryKey: unknown[]; data: unknown };

/** #root's markup and the server-render data block of a page. */
export function pageParts(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const match = /<script type="application\/json" id="huddle-server-render">(.*?)<\/script>/.exec(html);
  const state = match
    ? (JSON.parse(match[1] ?? '') as { loaderData: Record<string, unknown>; queries: RenderedQuery[] })
    : undefined;
  return { root, state };
}

/** As web-app.ts writes text into the head (title and attributes). */
const headEscaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
/** As React writes text into the body. */
const bodyEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's <head> as decision 076 writes it and its body as the render does: each tag once, and
 * the head's name (title, og:title and, where the page has one, JSON-LD of `type`) the body's heading.
 */
export function expectHeadOnceAndAgreeing(html: string, { name, type }: { name: string; type: string | null }) {
  const head = html.slice(0, html.indexOf('</head>'));
  const count = (pattern: RegExp) => head.match(new RegExp(pattern, 'g'))?.length ?? 0;
  expect(count(/<title>/), '<title>').toBe(1);
  expect(count(/<meta name="description"/), 'description').toBe(1);
  expect(count(/<meta property="og:title"/), 'og:title').toBe(1);
  expect(count(/<meta property="og:description"/), 'og:description').toBe(1);
  expect(count(/<meta property="og:url"/), 'og:url').toBe(1);
  expect(count(/<link rel="canonical"/), 'canonical').toBe(1);
  expect(count(/<script type="application\/ld\+json">/), 'JSON-LD').toBe(type === null ? 0 : 1);
  expect(count(/id="huddle-server-render"/), 'the render state').toBe(1);
  // Nothing of the head in the body: React writes no title, meta or JSON-LD of its own there.
  const body = html.slice(html.indexOf('</head>'));
  expect(body).not.toMatch(/<title>|<meta |application\/ld\+json|rel="canonical"/);
  expect(head).toContain(`<title>${headEscaped(name)} | `);
  expect(head).toContain(`<meta property="og:title" content="${headEscaped(name)} | `);
  if (type !== null) {
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1] ?? '{}') as {
      '@type': string;
      name?: string;
      headline?: string;
    };
    // A posting is named by its headline (schema.org's CreativeWork), everything else by its name.
    expect({ type: ld['@type'], name: ld.name ?? ld.headline }).toEqual({ type, name });
  }
  expect(pageParts(html).root).toContain(`${bodyEscaped(name)}</h1>`);
}

/** The canonical link of a page's head. */
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

export const getPage = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** What the app shell of a signed-in person's page reads, rendered with every page (shell-page-data.ts). */
const shellQueries = {
  [JSON.stringify(['messages', 'unread'])]: '/api/conversations/unread',
  [JSON.stringify(['notifications', 'unread-count'])]: '/api/me/notifications/unread-count',
};

/**
 * The app shell's counts a page was rendered with, against the API's replies to the same request's
 * person: for someone signed in each as the API sends it, for a visitor (the API answers 401) none.
 * The keys carried, for a test's "nothing else" check.
 */
export async function shellKeysAsApi(
  app: FastifyInstance,
  queries: RenderedQuery[],
  headers: Record<string, string>,
): Promise<string[]> {
  const byKey = new Map(queries.map((query) => [JSON.stringify(query.queryKey), query.data]));
  const carried: string[] = [];
  for (const [key, url] of Object.entries(shellQueries)) {
    const api = await app.inject({ method: 'GET', url, headers });
    if (api.statusCode === 401) {
      expect(byKey.has(key), `${key} for a visitor`).toBe(false);
      continue;
    }
    expect(byKey.get(key), key).toEqual(api.json());
    carried.push(key);
  }
  return carried;
}

/**
 * Each query the page was rendered from, against the API's reply to the same person: the keys the
 * page's hooks read and the endpoints they ask (`field`: a hook that keeps one field of the reply,
 * as get-connection-status.ts keeps `status`), and the app shell's counts (shellKeysAsApi).
 * Nothing else but the session is carried.
 */
export async function expectSameAsApi(
  app: FastifyInstance,
  queries: RenderedQuery[],
  pageQueries: Record<string, string | { url: string; field: string }>,
  cookie?: string,
) {
  const byKey = new Map(queries.map((query) => [JSON.stringify(query.queryKey), query.data]));
  for (const [key, source] of Object.entries(pageQueries)) {
    const { url, field } = typeof source === 'string' ? { url: source, field: null } : source;
    const api = await getPage(app, url, cookie);
    expect(api.statusCode, url).toBe(200);
    const reply = api.json() as Record<string, unknown>;
    expect(byKey.get(key), key).toEqual(field ? reply[field] : reply);
  }
  const shell = await shellKeysAsApi(app, queries, cookie ? { cookie } : {});
  expect(queries.map((query) => JSON.stringify(query.queryKey)).sort()).toEqual(
    [...Object.keys(pageQueries), ...shell, JSON.stringify(['session'])].sort(),
  );
}
