// npm run bench:start: the three figures of issue 32's goal 4, each with the load average beside it
// (other work on the machine stretches wall times; the CPU seconds of the processes measured much less):
//   1. `npm run build` wall time (fresh: both builds), goal <= 20 s;
//   2. `npm start` on an unchanged checkout, spawn to a healthy GET /api/health, goal <= 5 s;
//   3. a server restart (node apps/server/dist/server.js on an existing embedded database), spawn
//      to healthy, goal <= 1.5 s.
// BENCH_START_BASELINE=/path/to/another/checkout (installed; built by this bench) measures the same
// three there, interleaved with this checkout's runs, and prints each figure as a ratio: before and
// after in one run, under the same load. BENCH_START_SKIP_BUILD=1 leaves out figure 1 (the build
// must then be current). Prints figures and exits 0; exits 1 only when it cannot measure.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, makeTempDir, median, ms, repoRoot, runBench, track } from './lib/harness.mjs';

const restarts = 5;
const npmStarts = 3;
const goals = { build: 20_000, npmStart: 5_000, restart: 1_500 };
const baselineRoot = process.env.BENCH_START_BASELINE ? path.resolve(process.env.BENCH_START_BASELINE) : undefined;
const checkouts = [{ name: 'this checkout', root: repoRoot }];
if (baselineRoot) checkouts.unshift({ name: 'baseline', root: baselineRoot });

const load = () => loadavg()[0].toFixed(2);
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;

/** CPU time (user + system) of a running Linux process, in ms; undefined elsewhere. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** CPU time of this process's finished and waited-for children (and theirs), in ms; Linux only. */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function serverEnv(dataDir, port) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    SESSION_SECRET: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
}

/** Runs a command to its end in its own process group; resolves to its wall time and CPU time. */
async function timeCommand(root, command, args) {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = track(spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] }));
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-3000)));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} in ${root} exited ${code}:\n${errors}`);
  const cpuAfter = childrenCpuMs();
  return { wallMs: performance.now() - started, cpuMs: cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

/**
 * Spawns `command` (in its own process group, so npm and the server under it stop together) and
 * waits for a 200 from GET /api/health; then stops the group with SIGTERM, as Ctrl+C would.
 */
async function timeToHealthy(root, command, args, dataDir, { cpu = false } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = track(
    spawn(command, args, { cwd: root, env: serverEnv(dataDir, port), stdio: 'ignore', detached: true }),
  );
  const deadline = Date.now() + 180_000;
  let healthyAt;
  let cpuMs;
  while (healthyAt === undefined) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited early (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${command} ${args.join(' ')} was not healthy after 180 s`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        healthyAt = performance.now();
        // Only for the server itself: npm's own figure would leave out the build check and the server.
        if (cpu) cpuMs = processCpuMs(child.pid);
      }
    } catch {
      // not listening yet
    }
    if (healthyAt === undefined) await sleep(20);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(20_000).then(() => process.kill(-child.pid, 'SIGKILL'))]);
  // The embedded PostgreSQL stops with the server; give its shutdown a moment before the next start.
  while (existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))) await sleep(50);
  return { wallMs: healthyAt - started, cpuMs };
}

function summary(label, goalMs, results) {
  for (const checkout of checkouts) {
    const runs = results.get(checkout.name);
    const wall = median(runs.map((run) => run.wallMs));
    const cpu = runs.every((run) => run.cpuMs !== undefined) ? median(runs.map((run) => run.cpuMs)) : undefined;
    const loads = runs.map((run) => run.load).join(', ');
    console.log(
      `${label} (${checkout.name}): median ${ms(wall)} wall${cpu === undefined ? '' : `, ${ms(cpu)} CPU`} over ${runs.length} run(s); load ${loads}` +
        `; goal <= ${seconds(goalMs)} -> ${wall <= goalMs ? 'PASS' : 'ABOVE GOAL'}`,
    );
  }
  if (baselineRoot) {
    const [before, after] = checkouts.map((checkout) => median(results.get(checkout.name).map((run) => run.wallMs)));
    console.log(`${label}: this checkout / baseline = ${(after / before).toFixed(2)}`);
  }
}

/** Runs `measure` for each checkout in turn, `count` times, interleaved so both see the same load. */
async function interleaved(count, measure) {
  const results = new Map(checkouts.map((checkout) => [checkout.name, []]));
  for (let run = 1; run <= count; run++) {
    for (const checkout of checkouts) {
      const loadBefore = load();
      const result = await measure(checkout, run);
      results.get(checkout.name).push({ ...result, load: loadBefore });
      console.log(
        `  ${checkout.name} run ${run}/${count}: ${ms(result.wallMs)}${result.cpuMs === undefined ? '' : ` (CPU ${ms(result.cpuMs)})`}, load ${loadBefore}`,
      );
    }
  }
  return results;
}

await runBench('bench:start', 30 * 60_000, async () => {
  for (const checkout of checkouts) {
    if (!existsSync(path.join(checkout.root, 'node_modules'))) throw new Error(`${checkout.root} is not installed`);
  }
  console.log(`Issue 32, goal 4: build, unchanged npm start and restart times (load average now ${load()})\n`);

  if (!process.env.BENCH_START_SKIP_BUILD) {
    console.log('1. npm run build (both builds, fresh)');
    const builds = await interleaved(1, (checkout) => timeCommand(checkout.root, 'npm', ['run', 'build']));
    summary('npm run build', goals.build, builds);
    console.log('');
  }

  console.log('2. npm start on an unchanged checkout: spawn -> 200 from GET /api/health');
  const dataDirs = new Map(checkouts.map((checkout) => [checkout.name, makeTempDir('huddle-bench-start-')]));
  for (const checkout of checkouts) {
    // The first start creates the database, migrates and seeds it (and builds what is not current).
    const first = await timeToHealthy(checkout.root, 'npm', ['start'], dataDirs.get(checkout.name));
    console.log(`  ${checkout.name}: first start (not counted) ${ms(first.wallMs)}`);
  }
  const npmStartRuns = await interleaved(npmStarts, (checkout) =>
    timeToHealthy(checkout.root, 'npm', ['start'], dataDirs.get(checkout.name)),
  );
  summary('unchanged npm start', goals.npmStart, npmStartRuns);
  console.log('');

  console.log('3. server restart: node apps/server/dist/server.js -> 200 from GET /api/health');
  const restartRuns = await interleaved(restarts, (checkout) =>
    timeToHealthy(
      checkout.root,
      process.execPath,
      [path.join(checkout.root, 'apps/server/dist/server.js')],
      dataDirs.get(checkout.name),
      { cpu: true },
    ),
  );
  summary('server restart', goals.restart, restartRuns);
});
