import { createHash } from 'node:crypto';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { landingPages } from '../../../packages/shared/src/landing-pages.ts';

/**
 * The files public/sw.js precaches as the app shell (decision 052), written as /sw-precache.js,
 * which the worker loads with importScripts: the scripts and stylesheets of index.html and of the
 * pages people land on (home, discover, an event, a team, a profile: the server's own list,
 * decision 021), hashed, so a new build is a new list and the browser sees the worker change
 * through its imported script; and the unhashed files the shell needs. Every other page's code is
 * kept by the worker the first time it loads (3.5 MB of scripts, the admin area and the page
 * builder among them, is too much to download to every phone). Website pages are not the app.
 */
export const shellFiles = [
  '/index.html',
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/color-scheme.js',
  // index.html's entry starts through it (decision 021): without it the cached shell never runs.
  '/app-start.js',
  '/icons/icon-192.png',
] as const;

/** The source files (relative to apps/web) whose chunks, with what they import, are the shell. */
export const shellModules = ['index.html', ...new Set(landingPages.flatMap((page) => page.modules))];

/** The scripts and stylesheets the shell modules' chunks load before they run. */
export function shellAssets(bundle: OutputBundle, root: string): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (!output || output.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of (output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])
      files.add(css);
    for (const imported of output.imports) visit(imported);
  };
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.facadeModuleId) continue;
    const source = path.relative(root, output.facadeModuleId).split(path.sep).join('/');
    if (shellModules.includes(source)) visit(output.fileName);
  }
  return [...files];
}

/** The precache script for these build outputs. */
export function precacheScript(fileNames: readonly string[]): string {
  const assets = fileNames
    .filter((name) => /^assets\/[^/]+\.(js|css)$/.test(name))
    .sort()
    .map((name) => `/${name}`);
  const urls = [...shellFiles, ...assets];
  const build = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
  return `self.huddlePrecache = ${JSON.stringify({ build, urls })};\n`;
}

export function serviceWorkerPrecache(): Plugin {
  let root = '';
  return {
    name: 'huddle:service-worker-precache',
    configResolved(config) {
      root = config.root;
    },
    // The dev server never registers the worker by itself (spec §4); when push is tried there the
    // worker still needs its import, with nothing to precache.
    configureServer(server) {
      server.middlewares.use('/sw-precache.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end('self.huddlePrecache = { build: "development", urls: [] };\n');
      });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: 'sw-precache.js', source: precacheScript(shellAssets(bundle, root)) });
      },
    },
  };
}
