// npm run bench:profile [-- /discover | team | event | place]: where a page's load spends the main
// thread, on a phone-speed CPU (Chromium's 4x CPU throttling, as Lighthouse's mobile profile),
// signed in as the demo user (PROFILE_VISITOR=1: signed out). Prints
//   1. the main thread's tasks over 30 ms, in order, with what they did (module evaluation,
//      script, style and layout): the tasks Total Blocking Time counts;
//   2. script time by package and by function, mapped to sources through the build's source
//      maps when the web app was built with them (`npx vite build apps/web --sourcemap`);
//      PROFILE_MODULE_TOP=1 keeps only what runs while modules evaluate (before any render);
//   3. a load-independent blocking estimate: an unthrottled load's main-thread tasks after the
//      first contentful paint, each by its thread CPU time (the trace's `tdur`, which a busy
//      machine does not stretch) times 4, less 50 ms: how Lighthouse's simulation turns an
//      unthrottled trace into Total Blocking Time, minus the wait for a busy CPU. Use it to
//      compare builds while other work runs; Lighthouse itself only on a quiet machine.
// Figures move with the machine's load: compare runs made one after the other.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import {
  demoLinkedPagePaths,
  repoRoot,
  requirePageBuild,
  runBench,
  signInCookie,
  startServer,
  withSignedInPage,
} from './lib/harness.mjs';

// A path, or `event`, `team`, `place`: the demo's nearest public game, its team and place (as bench:js-packages').
const pageAsked = process.argv[2] ?? '/home';
let pagePath = pageAsked;
// PROFILE_VISITOR=1: the page as a signed-out visitor sees it (a shared link), not the demo user.
const asVisitor = process.env.PROFILE_VISITOR === '1';
const onlyModuleTop = process.env.PROFILE_MODULE_TOP === '1';
// PROFILE_CPU_RUNS=3 repeats the load-independent estimate; PROFILE_CPU_ONLY=1 prints only it.
const cpuRuns = Math.max(1, Math.min(5, Number(process.env.PROFILE_CPU_RUNS) || 1));
const assetsDir = path.join(repoRoot, 'apps/web/dist/assets');
const taskParts = new Set([
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'MinorGC',
  'MajorGC',
]);

async function loadPage(baseUrl, cookie, measure) {
  return withSignedInPage(baseUrl, cookie, async ({ browser, context, page }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return measure({ browser, page, cdp, url: baseUrl + pagePath });
  });
}

/** The renderer's main thread tasks over 30 ms, from a Chromium trace. */
async function longTasks({ browser, page, url }) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const busiest = (thread) => events.filter((event) => event.tid === thread.tid && event.pid === thread.pid).length;
  const main = threads.sort((a, b) => busiest(b) - busiest(a))[0];
  const mine = events.filter((event) => event.tid === main.tid && event.pid === main.pid && event.ph === 'X');
  const start = Math.min(...mine.map((event) => event.ts));
  return mine
    .filter((event) => event.name === 'RunTask' && event.dur > 30_000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const parts = mine
        .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur)
        .filter((event) => taskParts.has(event.name) && event.dur > 3_000)
        .map((event) => `${event.name} ${Math.round(event.dur / 1000)}`);
      return `  at ${String(Math.round((task.ts - start) / 1000)).padStart(5)} ms  ${String(Math.round(task.dur / 1000)).padStart(4)} ms  ${parts.join(', ')}`;
    });
}

/** PROFILE_TASK_FUNCTIONS=1: under each counted task, the app code and the packages that ran in it. */
const taskFunctions = process.env.PROFILE_TASK_FUNCTIONS === '1';
/**
 * PROFILE_STACK_OF=isRTL (with PROFILE_TASK_FUNCTIONS=1): under each counted task, the commonest
 * stacks of the samples whose innermost function's name contains it: who called it (a library's
 * function found by its self time, such as floating-ui's isRTL from Mantine's hidden dropdowns).
 */
const stackOf = process.env.PROFILE_STACK_OF ?? '';

/** A CPU profile's samples with their time (the trace's clock) and stack, leaf first. */
function timedSamples(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  let at = profile.startTime;
  return profile.samples.map((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const stack = [];
    for (let node = id; node; node = parentOf.get(node)) stack.push(nodes.get(node).callFrame);
    return { ts: at, micros: profile.timeDeltas[index + 1] ?? 0, stack };
  });
}

/** The top packages (self time) and the innermost app functions (inclusive time) of one task's samples. */
function whatRan(samples, task) {
  const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= task.ts + task.dur);
  const byPackage = new Map();
  const byAppFunction = new Map();
  const byFunction = new Map();
  const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
  for (const sample of inTask) {
    if (!sample.stack[0]?.url) continue;
    const leaf = describeFrame(sample.stack[0]);
    add(byPackage, leaf.where, sample.micros);
    add(byFunction, leaf.what, sample.micros);
    const app = sample.stack.map(describeFrame).find(({ what }) => / (app|features|components|lib)\//.test(what));
    if (app) add(byAppFunction, app.what, sample.micros);
  }
  const stacks = new Map();
  if (stackOf) {
    for (const sample of inTask) {
      if (!sample.stack[0]?.url || !describeFrame(sample.stack[0]).what.includes(stackOf)) continue;
      const frames = sample.stack.map((frame) => describeFrame(frame).what);
      // React's commit recursion repeats one pair of frames dozens of times: once is enough.
      const stack = frames
        .filter((what, index) => what !== frames[index - 2])
        .slice(0, 16)
        .join(' < ');
      add(stacks, stack, sample.micros);
    }
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([label, micros]) => `${label} ${(micros / 1000).toFixed(1)}`)
      .join(', ');
  return [
    `      packages: ${top(byPackage)}`,
    `      functions: ${top(byFunction)}`,
    `      app code: ${top(byAppFunction)}`,
    ...[...stacks]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([stack, micros]) => `      ${stackOf} ${(micros / 1000).toFixed(1)} ms: ${stack}`),
  ].join('\n');
}

/**
 * Blocking time estimated from thread CPU time (see the header), on an unthrottled load: the
 * tasks after the first contentful paint, each counted as 4 x its CPU time less 50 ms.
 */
async function cpuBlockingEstimate({ browser, page, url }) {
  const cdp = taskFunctions ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const samples = cdp ? timedSamples((await cdp.send('Profiler.stop')).profile) : [];
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return ['  no first contentful paint in the trace'];
  const main = events.filter((event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === 'X');
  const start = Math.min(...main.map((event) => event.ts));
  const before = (ts) => main.filter((event) => event.name === 'RunTask' && event.ts < ts && event.tdur);
  const after = main.filter((event) => event.name === 'RunTask' && event.ts >= paint.ts && event.tdur);
  const blocking = (tasks, time = 'tdur') =>
    tasks.reduce((sum, task) => sum + Math.max(0, (4 * task[time]) / 1000 - 50), 0);
  const cpu = (tasks) => tasks.reduce((sum, task) => sum + task.tdur / 1000, 0);
  const lines = after
    .filter((task) => 4 * Math.max(task.tdur, task.dur) > 50_000)
    .map((task) => {
      const parts = main
        .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur)
        .filter((event) => taskParts.has(event.name) && event.tdur > 2_000)
        .map((event) => `${event.name} ${Math.round(event.tdur / 1000)}`);
      const line = `  at ${String(Math.round((task.ts - start) / 1000)).padStart(5)} ms  cpu ${String(Math.round(task.tdur / 1000)).padStart(4)} ms  x4 ${String(Math.round((4 * task.tdur) / 1000)).padStart(4)} ms  wall ${String(Math.round(task.dur / 1000)).padStart(4)} ms  ${parts.join(', ')}`;
      return taskFunctions ? `${line}\n${whatRan(samples, task)}` : line;
    });
  return [
    `  first contentful paint at ${Math.round((paint.ts - start) / 1000)} ms (unthrottled)`,
    `  before it: ${cpu(before(paint.ts)).toFixed(0)} ms CPU in tasks, blocking ${blocking(before(paint.ts)).toFixed(0)} ms (not counted)`,
    `  after it: ${cpu(after).toFixed(0)} ms CPU in tasks, estimated blocking ${blocking(after).toFixed(0)} ms`,
    // What Lighthouse's simulation starts from: wall time, which also counts the thread waiting
    // (on another process, a lock, a core the server or Lighthouse has), four times over.
    `  by wall time, as Lantern counts it: blocking ${blocking(after, 'dur').toFixed(0)} ms`,
    ...lines,
  ];
}

const sourceMaps = new Map();

/** Where a sampled frame's code comes from: its package (or source folder) and function, through the build's source maps. */
function describeFrame(frame) {
  let where = frame.url ? frame.url.replace(/^.*\/assets\//, '') : '(browser)';
  let what = frame.functionName || '(anonymous)';
  if (frame.url.includes('/assets/')) {
    const file = path.join(assetsDir, where);
    if (!sourceMaps.has(file))
      sourceMaps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
    const map = sourceMaps.get(file);
    const original = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source) {
      const source = path.relative(repoRoot, path.resolve(assetsDir, original.source));
      const inPackage = source.split('node_modules/').at(-1);
      const label = source.includes('node_modules/') ? inPackage : source;
      what = `${original.name ?? what} ${label.replace(/^apps\/web\/src\//, '')}:${original.line}`;
      where = source.includes('node_modules/')
        ? inPackage
            .split('/')
            .slice(0, inPackage.startsWith('@') ? 2 : 1)
            .join('/')
        : source.split('/').slice(0, 4).join('/');
    }
  }
  return { where, what };
}

/** Script self time by package and by function, from a sampled CPU profile. */
async function scriptTime({ page, cdp, url }) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const isModuleTop = (frame) =>
    frame.url.includes('/assets/') && frame.functionName === '' && frame.lineNumber === 0 && frame.columnNumber === 0;
  const underModuleTop = (id) => {
    for (let at = id; at; at = parentOf.get(at)) if (isModuleTop(nodes.get(at).callFrame)) return true;
    return false;
  };
  const selfTime = new Map();
  profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byPackage = new Map();
  const byFunction = new Map();
  for (const [id, micros] of selfTime) {
    if (onlyModuleTop && !underModuleTop(id)) continue;
    const { where, what } = describeFrame(nodes.get(id).callFrame);
    byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
    byFunction.set(what, (byFunction.get(what) ?? 0) + micros);
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([label, micros]) => `  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${label}`);
  return { byPackage: top(byPackage, 20), byFunction: top(byFunction, 25) };
}

await runBench('bench:profile', 300_000, async () => {
  requirePageBuild();
  const server = await startServer();
  try {
    const cookie = asVisitor ? null : await signInCookie(server.baseUrl);
    pagePath = (await demoLinkedPagePaths(server.baseUrl))[pageAsked] ?? pageAsked;
    const who = asVisitor ? 'as a visitor' : 'signed in as the demo user';
    console.log(`${pagePath}, ${who}; CPU throttled 4x; times are the throttled ones.`);
    if (process.env.PROFILE_CPU_ONLY !== '1') {
      console.log('\nMain-thread tasks over 30 ms (what Total Blocking Time counts, less 50 ms each):');
      console.log((await loadPage(server.baseUrl, cookie, longTasks)).join('\n'));
      const { byPackage, byFunction } = await loadPage(server.baseUrl, cookie, scriptTime);
      const scope = onlyModuleTop ? ' while modules evaluate' : '';
      console.log(`\nScript self time${scope}, by package or chunk:\n${byPackage.join('\n')}`);
      console.log(`\nBy function:\n${byFunction.join('\n')}`);
    }
    for (let run = 1; run <= cpuRuns; run++) {
      const estimate = await withSignedInPage(server.baseUrl, cookie, ({ browser, page }) =>
        cpuBlockingEstimate({ browser, page, url: server.baseUrl + pagePath }),
      );
      console.log(`\nLoad-independent blocking estimate, run ${run} of ${cpuRuns}:\n${estimate.join('\n')}`);
    }
  } finally {
    await server.stop();
  }
  return 0;
});
