// Where a V8 .cpuprofile (node --cpu-prof) spent its busy time: self time by npm package (the
// server bundle's own code is "app", Node's is "node"), then the functions with the most self
// time. Idle time is left out of the shares. bench:costs and bench:soak print it after a profiled run.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

function packageOf(url) {
  if (!url) return 'node (native)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  // drizzle-orm's own source maps point at node_modules/src/… (one folder too high).
  if (match) return match[1] === 'src' ? 'drizzle-orm' : match[1];
  if (url.startsWith('node:')) return 'node';
  // Huddle's own code, by folder: features/events, lib, db…
  const own = /(?:^|\/)src\/((?:features\/)?[^/]+)/.exec(url);
  if (own) return `app ${own[1].replace(/\.ts$/, '')}`;
  if (url.includes('/dist/')) return 'app';
  return url;
}

/**
 * The server runs as a bundle (apps/server/build.mjs): its frames point into dist/*.js. Each is
 * mapped back through the bundle's source map to the npm package or the folder of Huddle's code
 * it came from, so the table says drizzle-orm or features/events instead of "app".
 */
function createSourceResolver() {
  const consumers = new Map();
  const consumerFor = (url) => {
    if (!consumers.has(url)) {
      let consumer = null;
      try {
        const file = url.startsWith('file:') ? fileURLToPath(url) : url;
        if (existsSync(`${file}.map`))
          consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      } catch {
        consumer = null;
      }
      consumers.set(url, consumer);
    }
    return consumers.get(url);
  };
  return ({ url, lineNumber, columnNumber }) => {
    if (!url || !url.includes('/dist/')) return url;
    const consumer = consumerFor(url);
    if (!consumer) return url;
    return consumer.originalPositionFor({ line: lineNumber + 1, column: Math.max(0, columnNumber) }).source ?? url;
  };
}

/** Self ms per profile node id, from the samples and their time deltas (µs). */
function selfTimes(profile) {
  const ms = new Map();
  profile.samples.forEach((id, index) => ms.set(id, (ms.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  return ms;
}

export function summarizeCpuProfile(file, { top = 25 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const self = selfTimes(profile);
  const sourceOf = createSourceResolver();
  const byPackage = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += ms;
    const url = sourceOf(node.callFrame);
    const special = functionName.startsWith('(') ? functionName : null;
    const owner = special ?? packageOf(url);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + ms);
    const key = `${functionName || '(anonymous)'}  ${owner}${url && !special ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const share = (ms) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\nCPU profile ${path.basename(file)}: ${(busy / 1000).toFixed(1)} s busy (idle left out)`);
  console.log('self time by package:');
  for (const [owner, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${share(ms)}  ${owner}`);
  }
  console.log(`the ${top} functions with the most self time:`);
  for (const [key, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(ms)}  ${key}`);
  }
}

/** Every .cpuprofile in the folder (one per process the server ran). */
export function summarizeCpuProfiles(folder, options) {
  let files = [];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.cpuprofile'));
  } catch {
    // no profile written
  }
  if (files.length === 0) console.log(`no .cpuprofile in ${folder}`);
  for (const name of files) summarizeCpuProfile(path.join(folder, name), options);
}

/**
 * After a profiled server stopped: prints the summary of the profiles it wrote in `folder`, and
 * copies them to a folder of their own that outlives the bench's data folder (the path is printed).
 */
export function summarizeAndKeepCpuProfiles(folder, options) {
  summarizeCpuProfiles(folder, options);
  const kept = mkdtempSync(path.join(tmpdir(), 'huddle-cpu-profile-'));
  let files = [];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.cpuprofile'));
  } catch {
    // none
  }
  for (const name of files) copyFileSync(path.join(folder, name), path.join(kept, name));
  console.log(`CPU profile kept in ${kept} (open it in Chrome DevTools' Performance panel)`);
}
