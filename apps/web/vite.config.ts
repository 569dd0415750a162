import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { isAuthPagePath } from '../../packages/shared/src/auth-pages.ts';
import { endpointRoutesOnly } from './build/endpoint-routes.ts';
import { iconDirectImports } from './build/icon-direct-imports.ts';
import { mantineDirectImports } from './build/mantine-direct-imports.ts';
import { mantineThemeVariables } from './build/mantine-theme-variables.ts';
import { mantineStableIds } from './build/mantine-stable-ids.ts';
import { precompressedCopies } from './build/precompressed-copies.ts';
import { reachesContractsIn, sharedContracts } from './build/shared-contracts.ts';
import { sentrySourceMaps } from './build/sentry-source-maps.ts';
import { serviceWorkerPrecache } from './build/service-worker-precache.ts';

// The server's dev port (apps/server, `npm run dev`): same origin for the browser, so the
// session cookie and the CSP behave as in production.
const apiTarget = 'http://localhost:3000';

// react-router points every export condition at its development build, so production
// bundles carry its dev warnings (remix-run/react-router#12532, #14102). It ships the
// production build beside it; the build uses that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/**
 * zod 4 builds its JSON Schema generator into every schema class, out of reach of
 * tree-shaking: about 5.5 KB gzip on every page, the sign-in page included (budget
 * 170 KB). The browser never generates JSON Schema (the server makes the OpenAPI
 * document from the same schemas), so the build swaps zod's two generator modules for
 * stubs that throw if called. Parsing, messages and introspection (`aggregateChecks`,
 * behind `.minLength` and friends) are untouched. Delete this plugin to undo it; if a
 * zod upgrade moves these files, the plugin matches nothing and the bundle just grows.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  const original = '?huddle-original';
  const kept = new Set(['aggregateChecks']);
  const stubFor = (file: string) => {
    const code = readFileSync(file, 'utf8');
    const names = [
      ...[...code.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm)].map(
        (match) => match[1],
      ),
      ...[...code.matchAll(/^export \{ *[\w$]+ as ([\w$]+) *\}/gm)].map((match) => match[1]),
    ].filter((name): name is string => Boolean(name));
    return [
      "const unsupported = () => { throw new Error('zod JSON Schema generation is left out of the web bundle (apps/web/vite.config.ts).'); };",
      ...names.map((name) =>
        kept.has(name)
          ? `export { ${name} } from ${JSON.stringify(file + original)};`
          : name.startsWith('create')
            ? `export const ${name} = () => unsupported;`
            : `export const ${name} = unsupported;`,
      ),
    ].join('\n');
  };
  return {
    name: 'huddle:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.endsWith(original)) return readFileSync(id.slice(0, -original.length), 'utf8');
      return generator.test(id) ? stubFor(id) : null;
    },
  };
}

/**
 * The three pages' entry modules (index.html's, auth.html's, site.html's), by the chunk of what
 * only they load first. Website pages (site.html, decision 041) load no Mantine, router or zod.
 */
const pageEntries = [
  { chunk: 'app', entry: /[\\/]src[\\/]main\.tsx$/ },
  { chunk: 'auth', entry: /[\\/]src[\\/]auth-main\.tsx$/ },
  { chunk: 'site', entry: /[\\/]src[\\/]site-main\.tsx$/ },
] as const;
type Page = (typeof pageEntries)[number]['chunk'];
/**
 * Which pages' entries reach a module through static imports, as one name: `base` when every page
 * does (React), `base-ui` when the app and the auth pages do (Mantine's core: not the sites),
 * `app-site` when the app and the sites do (the query client, the API client), else the one page
 * that does (a module the auth pages and the sites alone share goes to `base`).
 */
type InitialChunk = Page | 'base' | 'base-ui' | 'app-site';

/**
 * Reach goes through Mantine's index, so a Mantine component the app's first render uses counts
 * as reached by both the app and the auth pages: the auth page loads a little of it.
 */
function pageReaching(moduleId: string, context: ChunkingContext): InitialChunk | null {
  // Asked for every module by each chunk group: the walk over its importers is done once (decision 069).
  const known = pagesReached.get(moduleId);
  if (known !== undefined) return known;
  const reach = walkPagesReaching(moduleId, context);
  pagesReached.set(moduleId, reach);
  return reach;
}
const pagesReached = new Map<string, InitialChunk | null>();

function walkPagesReaching(moduleId: string, context: ChunkingContext): InitialChunk | null {
  const reached = new Set<Page>();
  for (const id of staticImportersOf(moduleId, context))
    for (const page of pageEntries) if (page.entry.test(id)) reached.add(page.chunk);
  if (reached.size === 0) return null;
  if (reached.size === 1) return [...reached][0] ?? null;
  if (reached.size === 2 && !reached.has('site')) return 'base-ui';
  if (reached.size === 2 && !reached.has('auth')) return 'app-site';
  return 'base';
}

/** The module and every module that imports it statically, directly or through others. */
function* staticImportersOf(moduleId: string, context: ChunkingContext): Generator<string> {
  const seen = new Set<string>([moduleId]);
  const queue = [moduleId];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    yield id;
    for (const importer of context.getModuleInfo(id)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
}

const authPageCode =
  /[\\/]src[\\/](app[\\/](auth-app|pages[\\/](login|sign-up|forgot-password|reset-password)-page)\.tsx|features[\\/]accounts[\\/])/;

const uiLibrary =
  /[\\/]node_modules[\\/](@mantine|@tanstack|@floating-ui|@tabler|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|tslib|react-number-format|react-textarea-autosize|clsx|dayjs)[\\/]/;

/** The modules whose static imports make the first render of the pages people land on: the layouts, home, discover. */
const firstRenderModules = /[\\/]src[\\/]app[\\/](app-shell|layouts[\\/][\w-]+|pages[\\/](home|discover)-page)\.tsx$/;
const reachedFirst = new Map<string, boolean>();

/**
 * Whether the app shell, home or discover imports a module statically, directly or through other
 * modules: the `ui` chunk holds only those, since index.html preloads it on every page. This needs
 * a module graph that does not run through a package index (build/mantine-direct-imports.ts).
 */
function firstRenderReaches(moduleId: string, context: ChunkingContext): boolean {
  const known = reachedFirst.get(moduleId);
  if (known !== undefined) return known;
  let reached = false;
  for (const id of staticImportersOf(moduleId, context)) {
    if (firstRenderModules.test(id)) {
      reached = true;
      break;
    }
  }
  reachedFirst.set(moduleId, reached);
  return reached;
}

/**
 * The event page's route module and its layout for pages open to everyone (which loads the app shell
 * lazily): what they import statically renders a visitor's first screen (decision 082).
 */
const eventPageModule = /[\\/]src[\\/]app[\\/](pages[\\/]event-page|layouts[\\/]public-profile-route)\.tsx$/;
const reachedByEventPage = new Map<string, boolean>();
/**
 * @mantine/notifications' index imports its view, so a page that calls `notifications.show()` reaches
 * the view too; the view loads lazily (app/notifications-host.tsx) and stays out of `event-ui`.
 */
const notificationsView = /[\\/]node_modules[\\/](@mantine[\\/]notifications|react-transition-group)[\\/]/;

/**
 * Whether the event page (or its layout) imports a module statically, directly or through other
 * modules: what a visitor's event page needs before hydrating (decision 082). The UI library's
 * chunks are cut by it (`ui`, `event-ui`, `shell-ui`, below), so that page loads neither the app
 * shell's pieces nor `ui-more` whole (menus, comboboxes, scroll areas) for the few pieces it renders.
 */
function eventPageReaches(moduleId: string, context: ChunkingContext): boolean {
  const known = reachedByEventPage.get(moduleId);
  if (known !== undefined) return known;
  let reached = false;
  for (const id of staticImportersOf(moduleId, context)) {
    if (eventPageModule.test(id)) {
      reached = true;
      break;
    }
  }
  reachedByEventPage.set(moduleId, reached);
  return reached;
}

/**
 * Huddle's own modules that may join a shared chunk: not the websites' (only the site pages and
 * the builder share them, and the public site pages should not cost every other page a download),
 * none the website pages' entry imports, and none that lead to the forms' schemas (`@huddle/contracts/*` and zod; build/shared-contracts.ts).
 */
const sharedWebModule = (moduleId: string, context: ChunkingContext) =>
  /[\\/]apps[\\/]web[\\/]src[\\/]/.test(moduleId) &&
  !/[\\/]websites[\\/]/.test(moduleId) &&
  !reachesContractsIn(moduleId, context) &&
  !reachedBySite(moduleId, context);

/**
 * Whether site.html's entry imports a module statically: such a module stays out of the app's
 * shared groups, whose other modules import Mantine and the router (decision 041).
 */
const reachedBySite = (moduleId: string, context: ChunkingContext) =>
  ['site', 'app-site', 'base'].includes(pageReaching(moduleId, context) ?? '');

/** The chunks of what a page loads before it can render (decisions 023, 041). */
const initialChunks = {
  /** What every page loads: React. */
  base: (reach: InitialChunk | null) => reach === 'base',
  /** What the app and the auth pages load: Mantine's core. */
  'base-ui': (reach: InitialChunk | null) => reach === 'base-ui',
  /**
   * What the app and the website pages load: the query client, the API client; and what the site
   * pages share with the first renders of home and discover (the event time format). Those would
   * otherwise go to `shared-ui` with its Mantine and router imports (a group takes its modules'
   * imports along), and the site pages would load them all.
   */
  'app-site': (reach: InitialChunk | null, id: string, context: ChunkingContext) =>
    reach === 'app-site' ||
    // Huddle's own modules only: a package (zod) named in a group is kept whole, used or not.
    (reach === 'site' && !/[\\/]node_modules[\\/]/.test(id) && firstRenderReaches(id, context)),
  /** What only the app loads: the router, zod, the session check. */
  app: (reach: InitialChunk | null) => reach === 'app',
  /**
   * What only the sign-in pages load first and the app shell, home or discover render too: the
   * text input, icon buttons, links, the colour-scheme toggle.
   */
  controls: (reach: InitialChunk | null, id: string, context: ChunkingContext) =>
    reach === 'auth' && !authPageCode.test(id) && firstRenderReaches(id, context),
  /**
   * What only the sign-in pages load first and other signed-in pages load later: Mantine's form,
   * the password input, focus handling. Apart from `controls`, so home does not load them.
   */
  'auth-controls': (reach: InitialChunk | null, id: string, context: ChunkingContext) =>
    reach === 'auth' && !authPageCode.test(id) && !firstRenderReaches(id, context),
  /** The sign-in pages' own code, which no other page loads. */
  auth: (reach: InitialChunk | null, id: string) => reach === 'auth' && authPageCode.test(id),
};

/**
 * A few files rather than dozens, and neither page loads the other's code. One group per
 * chunk: with one group naming all of them, Rolldown folded `base` into `app`.
 */
const initialChunkGroups = Object.entries(initialChunks).map(([chunk, holds]) => ({
  // An entry module stays in its entry chunk: its top-level code renders its page, and any
  // page that imported the chunk holding it would render the other page's app into #root.
  name: (moduleId: string, context: ChunkingContext) =>
    !pageEntries.some((page) => page.entry.test(moduleId)) && holds(pageReaching(moduleId, context), moduleId, context)
      ? chunk
      : null,
  debugName: `initial-${chunk}`,
  tags: ['$initial' as const],
  priority: 10,
}));

/**
 * The app's pages all need the `ui` and `shared-ui` chunks (below) after the first render, but
 * the browser learns of them only once the router has run. Preloading them from index.html
 * fetches them beside the first scripts: one round trip less before a page can show.
 */
function preloadSharedChunks(chunkNames: readonly string[]): Plugin {
  return {
    name: 'huddle:preload-shared-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.filename.endsWith('index.html') || !context.bundle) return [];
        return Object.values(context.bundle)
          .filter((file) => file.type === 'chunk' && !file.isEntry && chunkNames.includes(file.name))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: true, href: `/${file.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * public/color-scheme.js written into index.html (issue 33, decision 084): it runs before the first
 * paint anyway (the saved colour scheme, the first Intl formatter), and inline it is part of the
 * document's parse instead of a request of its own, which Lighthouse's simulated phone load placed
 * across the first paint. The server allows it by its hash (apps/server/src/lib/inline-script-hashes.ts).
 * The file stays for auth.html, which loads it `async`.
 */
function inlineColorScheme(): Plugin {
  const tag = '<script src="/color-scheme.js" data-warm-intl></script>';
  return {
    name: 'huddle:inline-color-scheme',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!context.filename.endsWith('index.html')) return html;
        if (!html.includes(tag)) throw new Error(`index.html no longer has ${tag}`);
        const code = readFileSync(path.resolve(import.meta.dirname, 'public/color-scheme.js'), 'utf8')
          // Its comments say why; the page need not carry them.
          .replace(/^\s*\/\/.*$/gm, '')
          .replace(/^\/\* global[^*]*\*\/$/m, '')
          .replace(/\n{2,}/g, '\n')
          .trim();
        return html.replace(tag, () => `<script data-warm-intl>\n${code}\n</script>`);
      },
    },
  };
}

/**
 * The scripts a server-rendered page carries inline, written by the render itself (the event page's
 * "Your time" line, features/events/inline/your-time.js, imported `?raw`): each also goes to
 * dist/inline/ as it is, so the server allows it by its hash (apps/server/src/lib/inline-script-hashes.ts).
 */
function renderedInlineScripts(): Plugin {
  const folder = path.resolve(import.meta.dirname, 'src/features/events/inline');
  return {
    name: 'huddle:rendered-inline-scripts',
    apply: 'build',
    generateBundle() {
      for (const name of readdirSync(folder).filter((file) => file.endsWith('.js'))) {
        this.emitFile({
          type: 'asset',
          fileName: `inline/${name}`,
          source: readFileSync(path.join(folder, name), 'utf8'),
        });
      }
    },
  };
}

/**
 * index.html's entry script becomes a preload plus /app-start.js, which imports it once the first
 * frame has been painted (decision 021): the scripts download as before, but the server-written
 * heading of a landing page shows before they run. The dev server keeps the plain entry script.
 *
 * As nothing runs before that paint, every script preload asks for low priority: the download
 * starts at once, but the stylesheet the paint waits for is served first on a slow link.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'huddle:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html')) return html;
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
        if (!entry.test(html)) throw new Error('index.html: no entry script to start after the first paint');
        return html
          .replace(
            entry,
            (_tag, src: string) =>
              `<link rel="modulepreload" crossorigin href="${src}" id="app-entry">\n    <script type="module" async src="/app-start.js"></script>`,
          )
          .replaceAll(
            '<link rel="modulepreload" crossorigin',
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          );
      },
    },
  };
}

/**
 * The stylesheet is what the first paint waits for: its link goes right after <title>, ahead of the
 * color-scheme script and the scripts' modulepreloads, so a phone's few connections fetch it first
 * instead of queueing it behind ~190 KB of scripts (issue 11, decision 021).
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'huddle:stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheet = /\n?\s*<link rel="stylesheet"[^>]*>/g;
        const links = html.match(stylesheet)?.map((link) => link.trim()) ?? [];
        if (links.length === 0) return html;
        if (!html.includes('</title>')) throw new Error('a page without <title>: nowhere to put its stylesheets first');
        return html.replace(stylesheet, '').replace('</title>', `</title>\n    ${links.join('\n    ')}`);
      },
    },
  };
}

/**
 * The auth pages are a second page, auth.html (decision 023), and website pages a third, site.html
 * (decision 041). The server sends them; the dev server does the same here (a signed-in person is
 * not sent on, and site.html fetches its site from the API, as nothing writes it into the page).
 */
function pagesInDevelopment(): Plugin {
  return {
    name: 'huddle:pages-in-development',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', search] = (request.url ?? '').split('?');
        const query = search ? `?${search}` : '';
        if (isAuthPagePath(pathname)) request.url = `/auth.html${query}`;
        else if (/^\/(site\/view|organization)\/[^/]+/.test(pathname)) request.url = `/site.html${query}`;
        next();
      });
    },
  };
}

/**
 * zod 4 keeps its global schema registry on `globalThis.__zod_globalRegistry`, shared by every
 * copy of zod in a process. The server render's bundle carries its own copy of zod and of the
 * shared contracts, so once the server loaded it (the first rendered page), the registry held two
 * different schemas under each contract's id ("EventSummary"…), and the server's OpenAPI document,
 * made from that registry, failed ("Duplicate schema id"). The bundle's zod gets a registry of its
 * own; server-render.test.ts renders a page and then asks for the OpenAPI document.
 */
function zodRegistryOfItsOwn(): Plugin {
  const registries = /[\\/]zod[\\/]v4[\\/]core[\\/]registries\.js$/;
  return {
    name: 'huddle-zod-registry-of-its-own',
    transform(code, id) {
      if (!registries.test(id)) return undefined;
      if (!code.includes('__zod_globalRegistry'))
        throw new Error(`zod's registry moved: ${id} names no __zod_globalRegistry`);
      return { code: code.replaceAll('__zod_globalRegistry', '__huddle_server_render_zod_registry'), map: null };
    },
  };
}

/** The reactRouterProduction aliases: the browser build and the server render use the same router code. */
const reactRouterProductionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
];

/**
 * The server render's bundle (decision 075): src/app/entry-server.tsx and the pages it renders, for
 * Node, in dist/.ssr/ beside the browser build (the static files server leaves dot folders alone, and
 * a copy of dist carries its own renderer). Everything is bundled in (`noExternal`): the server's
 * runtime image installs only the server's own packages. None of the browser build's chunking.
 */
const serverRenderBuild: UserConfig = {
  plugins: [react(), sharedContracts(), zodRegistryOfItsOwn(), mantineStableIds(), mantineThemeVariables()],
  resolve: { alias: reactRouterProductionAliases },
  ssr: { noExternal: true, target: 'node' },
  // React's production build, as the browser's: the same markup, and its development checks cost render time.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/app/entry-server.tsx',
    outDir: 'dist/.ssr',
    // After the browser build, into its dist/: only this folder is replaced.
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      output: {
        // .mjs: a copy of dist elsewhere (WEB_DIST_DIR) has no package.json saying "type": "module".
        entryFileNames: '[name].mjs',
        chunkFileNames: 'chunks/[name]-[hash].mjs',
      },
    },
  },
};

export default defineConfig(async ({ command, isSsrBuild }) => {
  if (isSsrBuild) return serverRenderBuild;
  // Source maps only for Sentry, when configured (decision 052): uploaded, then deleted from dist.
  const sourceMaps =
    command === 'build'
      ? await sentrySourceMaps(process.env, path.resolve(import.meta.dirname, 'dist'))
      : { sourcemap: false as const, plugins: [] };
  return {
    plugins: [
      react(),
      pagesInDevelopment(),
      preloadSharedChunks(['ui', 'shell-ui', 'shared-ui']),
      inlineColorScheme(),
      renderedInlineScripts(),
      startAfterFirstPaint(),
      stylesheetsFirst(),
      zodWithoutJsonSchema(),
      mantineDirectImports(),
      mantineStableIds(),
      mantineThemeVariables(),
      iconDirectImports(),
      sharedContracts(),
      endpointRoutesOnly(),
      serviceWorkerPrecache(),
      precompressedCopies(),
      ...sourceMaps.plugins,
    ],
    resolve: {
      alias: command === 'build' ? reactRouterProductionAliases : [],
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: the server preloads a landing page's own chunks from it (decision 021).
      manifest: true,
      emptyOutDir: true,
      // Hashed names under dist/assets/: the server caches that folder for a year.
      assetsDir: 'assets',
      target: 'es2022',
      // Every browser Huddle supports has <link rel="modulepreload">: skip the polyfill.
      modulePreload: { polyfill: false },
      sourcemap: sourceMaps.sourcemap,
      // The entry chunk is ~510 KB raw / ~157 KB gzip by design (decision 008 and its budget,
      // measured by bench:web), so Vite's generic 500 KB warning is raised above it.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        // Three pages: the app, the auth pages' own small entry (decision 023), website pages' (decision 041).
        input: {
          index: path.resolve(import.meta.dirname, 'index.html'),
          auth: path.resolve(import.meta.dirname, 'auth.html'),
          site: path.resolve(import.meta.dirname, 'site.html'),
        },
        // Rolldown would fold the `base` chunk into the app's entry chunk (every page still works),
        // which makes the sign-in and website pages load the app's code too.
        experimental: { chunkOptimization: { mergeCommonChunks: false } },
        output: {
          codeSplitting: {
            groups: [
              // What a page needs before it can render (React, Mantine's core; for the app also the
              // router, the query client and the session check) in a few files rather than dozens:
              // what both pages share in one, what only the app needs in another, and the auth
              // page's own (entriesAware: an entry loads only the modules it imports).
              ...initialChunkGroups,
              // The UI library's pieces that the layouts, home or discover render, in files that
              // index.html preloads: home loaded 40 files of a few hundred bytes each, and on a slow
              // phone network every file costs a round trip (Lighthouse: about 150 ms per six
              // requests). Only those pieces: when the file held every piece four pages shared, home
              // loaded inputs, selects and menus it never ran, 70 % of the file (decision 021, update
              // of 2026-11-26). Split in two by what a visitor's event page renders (decision 082):
              // `ui`, the pieces it shares with them, and `shell-ui`, the app shell's and home's and
              // discover's own, which a visitor's event page does not load; what only the event page
              // renders is `event-ui`, which it loads instead of `ui-more` whole.
              {
                name: (moduleId: string, context: ChunkingContext) =>
                  uiLibrary.test(moduleId) &&
                  !notificationsView.test(moduleId) &&
                  firstRenderReaches(moduleId, context) &&
                  eventPageReaches(moduleId, context)
                    ? 'ui'
                    : null,
                debugName: 'ui',
                minShareCount: 2,
                priority: 8,
              },
              {
                name: (moduleId: string, context: ChunkingContext) =>
                  uiLibrary.test(moduleId) && !notificationsView.test(moduleId) && eventPageReaches(moduleId, context)
                    ? 'event-ui'
                    : null,
                debugName: 'event-ui',
                priority: 7,
              },
              {
                name: (moduleId: string, context: ChunkingContext) =>
                  uiLibrary.test(moduleId) && firstRenderReaches(moduleId, context) ? 'shell-ui' : null,
                debugName: 'shell-ui',
                minShareCount: 2,
                priority: 6,
              },
              // The rest of the UI library that four or more pages share (inputs, selects, tables): its
              // own file, which only the pages that use it load.
              { name: 'ui-more', test: uiLibrary, minShareCount: 4, priority: 5 },
              // Icons two or three later pages share, in one file of a few hundred bytes each: with
              // direct imports (build/icon-direct-imports.ts) each would otherwise be a file of its own.
              { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]/, minShareCount: 2, priority: 3 },
              // Likewise Huddle's own modules that the first renders share (API calls, lists, labels),
              // less the websites' and those that lead to the forms' schemas (sharedWebModule). The
              // rest are left to the bundler: a group takes the modules its modules import along
              // with them, and a second group for them pulled home's own imports out of home's chunks.
              {
                name: (moduleId: string, context: ChunkingContext) =>
                  sharedWebModule(moduleId, context) && firstRenderReaches(moduleId, context) ? 'shared-ui' : null,
                debugName: 'shared-ui',
                minShareCount: 4,
                priority: 4,
              },
            ],
          },
        },
      },
    },
  };
});
