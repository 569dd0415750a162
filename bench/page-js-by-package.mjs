// npm run bench:js-packages [-- event /home ...]: the scripts a page fetches before it is
// interactive (its `huddle:interactive` mark, as bench:web counts them), and where their bytes
// come from: per chunk, and per package or app folder (React, react-dom, react-router, Mantine,
// TanStack Query, zod, dayjs, the app shell, the event page's components...). Issue 33's event
// page budget is <= 120 KB gzip (decision 082); bench:web measures every page, this script only
// the pages asked for (default: the demo's event page signed out and signed in), in ~30 s.
// Pages: `event` (the demo's nearest public game near Austin, as bench:web's), `team`, `place`,
// or a path (`/home`, `/discover`, `/auth/login`); a trailing `+` signs in as the demo user
// (`event+`, `/home+`).
// Per package needs the build's source maps: `npx vite build apps/web --sourcemap` (then
// `npm run build` again before the journeys, so dist carries no maps). Without them, per chunk only.
// A package's gzip figure is its minified code gzipped alone (gzip -9): the parts do not add up
// to the page's total exactly (gzip shares a dictionary within a file), but they rank them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { sourceMappedRanges } from './lib/source-map-ranges.mjs';
import {
  demoLinkedPagePaths,
  demoUser,
  kb,
  loadAverage,
  repoRoot,
  requirePageBuild,
  runBench,
  startServer,
} from './lib/harness.mjs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const webDistDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(repoRoot, 'apps/web/dist');
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['event', 'event+'];
const topModules = Number(process.env.JS_PACKAGES_TOP_MODULES ?? 0);
// JS_PACKAGES_BY_CHUNK=1: also what each script holds (its largest owners).
const byChunk = process.env.JS_PACKAGES_BY_CHUNK === '1';

/** The package (node_modules) or the app's folder a source file belongs to. */
function ownerOf(source) {
  const packagePath = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (packagePath) {
    const [, name, rest] = packagePath;
    // react-dom's client and server builds, Mantine's core by its component folder: the big ones split.
    if (name === '@mantine/core') {
      const part = rest.match(/esm\/(components|core)\/([^/]+)/);
      return part ? `@mantine/core/${part[1]}/${part[2]}` : name;
    }
    return name;
  }
  const app = source.match(/^(?:\.\.\/)*(?:apps\/web\/)?src\/(.*)$/);
  if (app) {
    const [first, second, third] = app[1].split('/');
    if (first === 'features' && second) return `web/features/${second}`;
    if (first === 'app' && second) return `web/app/${second}${third ? `/${third}` : ''}`;
    return `web/${first}${second ? `/${second}` : ''}`;
  }
  const shared = source.match(/packages\/shared\/src\/(.*)$/);
  if (shared) return 'packages/shared';
  return source.startsWith('\0') || source.includes('vite/') ? 'vite runtime' : source;
}

/** Loads one page in a fresh context; the scripts fetched before its interactive mark, with their code. */
async function scriptsBeforeInteractive(browser, baseUrl, url, signedIn) {
  const context = await browser.newContext();
  try {
    if (signedIn) {
      const response = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
        data: demoUser,
        headers: { origin: baseUrl },
      });
      if (!response.ok()) throw new Error(`sign-in answered ${response.status()}`);
    }
    const page = await context.newPage();
    const bodies = new Map();
    const pending = [];
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => bodies.set(response.url(), body))
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    await page.waitForFunction(() => performance.getEntriesByName('huddle:interactive').length > 0, null, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const timing = await page.evaluate(() => ({
      interactiveAt: performance.getEntriesByName('huddle:interactive')[0]?.startTime ?? 0,
      fetched: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }));
    const before = timing.fetched.filter((entry) => entry.startTime < timing.interactiveAt).map((entry) => entry.url);
    const after = timing.fetched.filter((entry) => entry.startTime >= timing.interactiveAt).map((entry) => entry.url);
    const script = (scriptUrl) => ({ url: scriptUrl, body: bodies.get(scriptUrl) ?? Buffer.alloc(0) });
    return { before: before.map(script), after: after.map(script), interactiveAt: timing.interactiveAt, errors };
  } finally {
    await context.close();
  }
}

/** Each script's minified code, cut by its source map into slices per owner (package or app folder). */
function slicesByOwner(scripts) {
  const byOwner = new Map();
  const byModule = new Map();
  let mapped = 0;
  for (const { url, body } of scripts) {
    const file = path.join(webDistDir, new URL(url).pathname);
    const code = body.toString('utf8');
    if (!existsSync(`${file}.map`)) {
      const owner = `(no source map) ${path.basename(file)}`;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), code]);
      continue;
    }
    mapped++;
    for (const { source: mappedSource, start, end } of sourceMappedRanges(code, `${file}.map`)) {
      if (end <= start) continue;
      const source = mappedSource ?? '?';
      const owner = ownerOf(source);
      const slice = code.slice(start, end);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), slice]);
      const module = source.replace(/.*node_modules\//, '').replace(/^(?:\.\.\/)*(?:apps\/web\/)?src\//, 'web/');
      byModule.set(module, (byModule.get(module) ?? 0) + slice.length);
    }
  }
  return { byOwner, byModule, mapped };
}

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

function printPage(label, result) {
  const total = result.before.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
  console.log(
    `\n${label}: ${result.before.length} scripts before interactive (${Math.round(result.interactiveAt)} ms), gzip-9 ${kb(total)}; ${result.after.length} after`,
  );
  for (const script of [...result.before].sort((a, b) => b.body.length - a.body.length)) {
    console.log(
      `    ${new URL(script.url).pathname.padEnd(52)} gzip ${kb(gzipSync(script.body, { level: 9 }).length).padStart(9)}`,
    );
    if (!byChunk) continue;
    const owners = [...slicesByOwner([script]).byOwner].map(([owner, slices]) => [owner, slices.join('').length]);
    const held = owners.sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`      holds (raw): ${held.map(([owner, bytes]) => `${owner} ${kb(bytes)}`).join(', ')}`);
  }
  const { byOwner, byModule, mapped } = slicesByOwner(result.before);
  if (mapped === 0) {
    console.log(
      '  (no source maps beside the scripts: `npx vite build apps/web --sourcemap` for the split by package)',
    );
  } else {
    const rows = [...byOwner].map(([owner, slices]) => ({
      owner,
      raw: slices.join('').length,
      gzip: gzip(slices.join('')),
    }));
    console.log(`  by package or app folder (each gzipped alone):`);
    for (const row of rows.sort((a, b) => b.gzip - a.gzip).filter((row) => row.gzip > 300))
      console.log(`    ${row.owner.padEnd(52)} gzip ${kb(row.gzip).padStart(9)}   raw ${kb(row.raw).padStart(9)}`);
    if (topModules > 0) {
      console.log(`  largest modules (raw minified bytes, top ${topModules}):`);
      for (const [module, bytes] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, topModules))
        console.log(`    ${kb(bytes).padStart(9)}  ${module}`);
    }
  }
  if (result.errors.length > 0) console.log(`  console errors: ${result.errors.slice(0, 3).join(' | ')}`);
  return total;
}

await runBench('bench:js-packages', 5 * 60_000, async () => {
  requirePageBuild();
  const server = await startServer({
    prefix: 'huddle-bench-js-',
    env: process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: webDistDir } : {},
  });
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    console.log(`load average ${loadAverage()}; web build ${webDistDir}`);
    const linked = await demoLinkedPagePaths(server.baseUrl);
    const totals = [];
    for (const asked of pages) {
      const signedIn = asked.endsWith('+');
      const name = asked.replace(/\+$/, '');
      const pagePath = linked[name] ?? name;
      const label = `${name}${signedIn ? ', signed in' : ''} (${pagePath})`;
      const result = await scriptsBeforeInteractive(browser, server.baseUrl, server.baseUrl + pagePath, signedIn);
      totals.push([label, printPage(label, result)]);
    }
    console.log(`\nSummary (scripts before interactive, gzip-9; load average ${loadAverage()})`);
    for (const [label, total] of totals) console.log(`  ${label.padEnd(60)} ${kb(total).padStart(9)}`);
    return 0;
  } finally {
    await browser.close();
    await server.stop();
  }
});
