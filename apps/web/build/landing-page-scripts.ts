import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { vi } from 'vitest';
import { landingPageFor } from '../../../packages/shared/src/landing-pages.ts';

/**
 * A landing page's scripts before it is interactive, from a production build (issue 33, decision 082):
 * index.html's scripts and its entry's chunks, and what the server preloads for the rendered page (its
 * layout's and its own chunks with their static imports, for a signed-in person `signedInModules` too,
 * from Vite's manifest as apps/server/src/lib/web-app.ts reads it; it drops index.html's other
 * preloads on a rendered page). `npm run bench:js-packages` measures the same set in a browser.
 * Shared by the pages' byte budget tests (landing-page-script-budgets.test.ts).
 */

const webRoot = path.resolve(import.meta.dirname, '..');

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Builds the web app into `outDir` as `npm run build` does (production React, the same chunking). */
export async function buildWebApp(outDir: string): Promise<void> {
  // Vitest sets NODE_ENV=test, with which Vite would build React's development code and JSX.
  vi.stubEnv('NODE_ENV', 'production');
  try {
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    vi.unstubAllEnvs();
  }
}

/** The page's script files: index.html's scripts and entry chunks, and each landing module's chunk with its static imports. */
function initialScripts(html: string, manifest: Manifest, modules: readonly string[]): Set<string> {
  const files = new Set([...html.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)].map((match) => match[1] ?? ''));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of ['index.html', ...modules]) visit(module);
  return files;
}

/** The scripts of the landing page at `pathname` in the build at `outDir`: files, their code, their gzip size. */
export function landingPageScripts(outDir: string, pathname: string, signedIn: boolean) {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const page = landingPageFor(pathname);
  if (!page) throw new Error(`${pathname} is no landing page (packages/shared/src/landing-pages.ts)`);
  const modules = [...page.modules, ...(signedIn ? (page.signedInModules ?? []) : [])];
  const files = initialScripts(html, manifest, modules);
  const code = [...files].map((file) => readFileSync(path.join(outDir, file)));
  const gzipKb = code.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
  return { page, manifest, files, code: code.map((body) => body.toString('utf8')).join('\n'), gzipKb };
}
