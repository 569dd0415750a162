// npm run bench:coverage [-- /discover]: which of a page's first-load scripts never run while it
// loads, signed in as the demo user. Prints each chunk's bytes and the bytes that ran, then the
// modules with the most bytes that did not run: what a page downloads only because it shares a
// chunk with pages that need it (decision 021). Byte counts are of the minified code, mapped to
// modules through the source maps, so build with them first: `npx vite build apps/web --sourcemap`.
// Code that runs later (on a press, on another page) counts as not run: read the list as where to
// look, not as what to remove.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sourceMappedRanges } from './lib/source-map-ranges.mjs';
import { repoRoot, requirePageBuild, runBench, signInCookie, startServer, withSignedInPage } from './lib/harness.mjs';

const pagePath = process.argv[2] ?? '/home';
const topCount = Number(process.env.COVERAGE_TOP ?? 40);
const assetsDir = path.join(repoRoot, 'apps/web/dist/assets');
const shortSource = (source) =>
  (source ?? '?')
    .replace(/.*node_modules\//, '')
    .replace(/.*apps\/web\/src\//, 'web/')
    .replace(/.*packages\/shared\/src\//, 'shared/');

/** The page's script coverage: one entry per script, with V8's block ranges and their counts. */
async function scriptCoverage(baseUrl, cookie) {
  return withSignedInPage(baseUrl, cookie, async ({ page }) => {
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    return page.coverage.stopJSCoverage();
  });
}

/** Bytes and bytes run, per chunk and per module of it. */
function bytesRun(entries) {
  const byModule = new Map();
  for (const entry of entries) {
    if (!entry.url.includes('/assets/')) continue;
    const file = path.join(assetsDir, entry.url.replace(/^.*\/assets\//, ''));
    if (!existsSync(`${file}.map`)) continue;
    const chunk = path.basename(file).replace(/-[\w-]{8}\.js$/, '');
    const code = entry.source;
    // Outer ranges first, so a nested range's count (a function never called) wins over its parent's.
    const ran = new Uint8Array(code.length);
    const ranges = entry.functions
      .flatMap((fn) => fn.ranges)
      .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
    for (const range of ranges) ran.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
    for (const { source, start, end } of sourceMappedRanges(code, `${file}.map`)) {
      const key = `${chunk} ${shortSource(source)}`;
      const counted = byModule.get(key) ?? { chunk, bytes: 0, run: 0 };
      for (let at = start; at < end; at++) counted.run += ran[at];
      counted.bytes += Math.max(0, end - start);
      byModule.set(key, counted);
    }
  }
  return byModule;
}

await runBench('bench:coverage', 300_000, async () => {
  requirePageBuild();
  const server = await startServer();
  try {
    const byModule = bytesRun(await scriptCoverage(server.baseUrl, await signInCookie(server.baseUrl)));
    if (byModule.size === 0) {
      console.log('No source maps in apps/web/dist/assets: build with `npx vite build apps/web --sourcemap` first.');
      return 1;
    }
    const byChunk = new Map();
    for (const { chunk, bytes, run } of byModule.values()) {
      const counted = byChunk.get(chunk) ?? { bytes: 0, run: 0 };
      counted.bytes += bytes;
      counted.run += run;
      byChunk.set(chunk, counted);
    }
    const percent = (part, whole) => `${Math.round((part / whole) * 100)}%`.padStart(4);
    console.log(`${pagePath}, signed in as the demo user: minified bytes of each first-load chunk, and what ran.`);
    for (const [chunk, { bytes, run }] of [...byChunk].sort((a, b) => b[1].bytes - a[1].bytes))
      console.log(`  ${chunk.padEnd(28)} ${String(bytes).padStart(8)} B   ran ${percent(run, bytes)}`);
    console.log(`\nModules with the most bytes that did not run (top ${topCount}):`);
    for (const [key, { bytes, run }] of [...byModule]
      .sort((a, b) => b[1].bytes - b[1].run - (a[1].bytes - a[1].run))
      .slice(0, topCount))
      console.log(`  ${String(bytes - run).padStart(8)} B not run of ${String(bytes).padStart(7)}  ${key}`);
    return 0;
  } finally {
    await server.stop();
  }
});
