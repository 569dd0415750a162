// Shared plumbing for the bench scripts: start the built server on 127.0.0.1 with a
// throw-away data folder, wait for it, sign in, and make sure every child process and
// temp folder goes away however the script ends (normal end, error, Ctrl-C, time limit).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium } from 'playwright-core';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
export const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
export const demoUser = { email: 'demo@huddle.test', password: 'huddle-demo-2026' };
export const host = '127.0.0.1';

/**
 * BENCH_DATABASE_URL points bench:api and bench:discover at an existing PostgreSQL database
 * (such as bench:nearby's huddle_bench_nearby) instead of a fresh embedded one with demo data.
 */
export const externalDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;

/** Which database a bench ran on, for the printout; a password in the URL is not printed. */
export function describeDatabase(databaseUrl) {
  if (!databaseUrl) return 'embedded PostgreSQL, demo data';
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return `external PostgreSQL ${url.toString()}`;
}

/** Exits 1 with a clear message when the server bundle is missing. */
export function requireServerBuild() {
  if (!existsSync(serverEntry)) {
    console.error(`The server is not built: ${path.relative(repoRoot, serverEntry)} is missing.`);
    console.error('Run `npm run build` first (or `npm run build -w @huddle/server` for the API alone).');
    process.exit(1);
  }
}

/**
 * For the benches that load pages: the server, the web app and its server render all built. Without
 * the server render (`apps/web/dist/.ssr`, which `npx vite build apps/web --sourcemap` deletes with
 * the rest of dist), every page is rendered by the browser alone and the figures describe a build
 * nobody runs.
 */
export function requirePageBuild(webDistDir = path.dirname(webIndex)) {
  requireServerBuild();
  const missing = [path.join(webDistDir, 'index.html'), path.join(webDistDir, '.ssr', 'entry-server.mjs')].filter(
    (file) => !existsSync(file),
  );
  if (missing.length > 0) {
    console.error(
      `The web app is not fully built: ${missing.map((file) => path.relative(repoRoot, file)).join(', ')} missing.`,
    );
    console.error(
      'Run `npm run build` (after `npx vite build apps/web --sourcemap`: `(cd apps/web && npx vite build --ssr src/app/entry-server.tsx)`).',
    );
    process.exit(1);
  }
}

// ---- cleanup registry -------------------------------------------------------------

const children = new Set();
const tempDirs = new Set();
const exitHooks = new Set();

/**
 * A server killed with SIGKILL leaves its embedded PostgreSQL running (the next start on that
 * folder would adopt it, but a bench's folder is thrown away): end it at once (SIGQUIT).
 */
function stopEmbeddedPostgresIn(dir) {
  try {
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // no server there, or already gone
  }
}

/** Last resort, synchronous: runs on every exit path, including process.exit(). */
function killEverythingNow() {
  for (const hook of exitHooks) {
    try {
      hook();
    } catch {
      // best effort
    }
  }
  exitHooks.clear();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
  for (const dir of tempDirs) {
    stopEmbeddedPostgresIn(dir);
    rmSync(dir, { recursive: true, force: true });
  }
  tempDirs.clear();
}
process.on('exit', killEverythingNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nInterrupted (${signal}): stopping child processes.`);
    killEverythingNow();
    process.exit(130);
  });
}

/** Registers something the script started so exit paths can kill it. */
export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A synchronous last-resort cleanup (for processes not spawned here, such as chrome-launcher's). */
export function onExitSync(hook) {
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}

export function makeTempDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir) {
  stopEmbeddedPostgresIn(dir);
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/**
 * Runs the script body with a hard time limit. Figures are informational, so a normal
 * run exits 0; an error or the time limit exits 1 after cleanup. A body that checks a
 * budget may return its own exit code (bench:web returns 2 when over budget).
 */
export async function runBench(name, limitMs, body) {
  const timer = setTimeout(() => {
    console.error(`\n${name}: gave up after ${Math.round(limitMs / 1000)} s (time limit); stopping everything.`);
    killEverythingNow();
    process.exit(1);
  }, limitMs);
  let exitCode = 0;
  try {
    const code = await body();
    if (typeof code === 'number') exitCode = code;
  } catch (error) {
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  } finally {
    clearTimeout(timer);
    await stopAll();
    killEverythingNow();
  }
  process.exit(exitCode);
}

// ---- server ---------------------------------------------------------------------

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * Spawns `node apps/server/dist/server.js` bound to 127.0.0.1. The embedded database
 * is forced (DATABASE_URL, REDIS_URL and SMTP_URL emptied) so a developer's shell
 * environment cannot point a bench at a real database; a script that means to use one
 * passes DATABASE_URL in `env`.
 */
export function spawnServer({ dataDir, port, env = {}, nodeArgs = [] }) {
  const baseUrl = `http://${host}:${port}`;
  const child = track(
    // nodeArgs: flags Node refuses in NODE_OPTIONS, such as --cpu-prof.
    spawn(process.execPath, [...nodeArgs, serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: host,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: baseUrl,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        SESSION_SECRET: '',
        SEED_DEMO: 'true',
        TRUST_PROXY: 'false',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  // Keep the tail of the log to explain a failed start; do not echo it.
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, baseUrl, port, logTail: () => output.trim() };
}

/** Polls GET /api/health until it answers 200; resolves to the time it saw the 200. */
export async function waitHealthy(server, { intervalMs = 100, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the server exited early (code ${server.child.exitCode ?? server.child.signalCode}).\n${server.logTail()}`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) {
        const at = performance.now();
        await response.arrayBuffer();
        return at;
      }
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`the server was not healthy after ${timeoutMs / 1000} s.\n${server.logTail()}`);
    }
    await sleep(intervalMs);
  }
}

/** SIGTERM, wait for exit; SIGKILL if it has not gone after graceMs. */
export async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    console.error(`  (pid ${child.pid} ignored SIGTERM for ${graceMs / 1000} s; killing it)`);
    child.kill('SIGKILL');
    await exited;
  }
}

async function stopAll() {
  await Promise.all([...children].map((child) => stopChild(child, 5000)));
}

/**
 * Starts a server with a fresh temp data folder and waits until it is healthy: on the embedded
 * database in that folder, or on `databaseUrl` (migrated on start; the folder holds uploads).
 */
export async function startServer({ prefix = 'huddle-bench-', env, databaseUrl } = {}) {
  const dataDir = makeTempDir(prefix);
  const port = await freePort();
  // An external database needs a session secret; one per run, so no session outlives it.
  const external = databaseUrl && { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString('hex') };
  const server = spawnServer({ dataDir, port, env: { ...external, ...env } });
  await waitHealthy(server);
  return {
    ...server,
    dataDir,
    async stop() {
      await stopChild(server.child);
      removeTempDir(dataDir);
    },
  };
}

/** Signs the demo user in through the API; returns the `Cookie` header value. */
export async function signInCookie(baseUrl, user = demoUser) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(user),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`sign-in as ${user.email} answered ${response.status}: ${text.slice(0, 300)}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-in answered 200 but set no cookie');
  return cookies.join('; ');
}

/** The connection string of the embedded PostgreSQL a bench server runs in `dataDir` (what `npm run -s db:url` prints). */
export function embeddedDatabaseUrl(dataDir) {
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/huddle`;
}

/**
 * Opens the verification link mailed to each address, read from the server's outbox (bench
 * servers have no SMTP): a person whose password signs in again needs a verified email
 * (decision 062). Mail leaves through the job queue, so each one is waited for up to 15 s.
 */
export async function confirmEmails(baseUrl, databaseUrl, emails) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const email of emails) {
      const deadline = Date.now() + 15_000;
      let token;
      while (!token) {
        const { rows } = await client.query(
          `select text from mail_outbox where "to" = $1 and subject = 'Confirm your email for Huddle'
           order by created_at desc limit 1`,
          [email],
        );
        token = rows[0]?.text.match(/\/verify-email\?token=(\S+)/)?.[1];
        if (!token && Date.now() > deadline) throw new Error(`no verification mail to ${email} in the outbox`);
        if (!token) await sleep(100);
      }
      const response = await fetch(`${baseUrl}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ token: decodeURIComponent(token) }),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status !== 200) throw new Error(`verify-email for ${email} answered ${response.status}`);
      await response.arrayBuffer();
    }
  } finally {
    await client.end();
  }
}

/**
 * Signs up a new player through the API and returns the session `Cookie` header value: an
 * external database has no demo user (the demo community is only seeded into an empty one).
 */
export async function signUpCookie(baseUrl) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench Player', email: `bench-${id}@bench.test`, password: `bench-${id}-Pw!9x` }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${text.slice(0, 300)}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-up answered 201 but set no cookie');
  return cookies.join('; ');
}

// ---- formatting -----------------------------------------------------------------

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The load averages (1, 5, 15 min), printed beside every figure: the machine may be shared. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** utime + stime of one process in ms (fields 14 and 15 of /proc/<pid>/stat, Linux USER_HZ 100); undefined once it is gone. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** utime + stime in ms of every process in a process group (a browser launched detached leads its own). */
export function processGroupCpuMs(groupId) {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === groupId) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Waits until a freshly started browser has finished starting: Chromium's first window starts its
 * own UI pages (the omnibox popup's WebUI renderers) and spends ~0.6 s of CPU on both cores of
 * this machine within a second of launch, the moment a bench would start loading the page. A page
 * measured then shares the cores with the browser's start-up, which no phone opening a link does.
 * `cpuMs` reads the browser's cumulative CPU time; quiet is under 10 % of a core for 500 ms, or
 * 10 s at most.
 */
export async function whenBrowserSettled(cpuMs, { windowMs = 500, timeoutMs = 10_000 } = {}) {
  const started = Date.now();
  let before = await cpuMs();
  while (Date.now() - started < timeoutMs) {
    await sleep(windowMs);
    const now = await cpuMs();
    if (now - before < windowMs * 0.1) return Date.now() - started;
    before = now;
  }
  return Date.now() - started;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value) => `${Math.round(value)} ms`;

/** The demo's nearest public game (Austin), its team and place, as bench:web finds them (bench:js-packages' and bench:profile's `event`, `team`, `place`). */
export async function demoLinkedPagePaths(baseUrl) {
  const response = await fetch(`${baseUrl}/api/events?lat=30.2672&lng=-97.7431&limit=20`);
  if (!response.ok) throw new Error(`GET /api/events answered ${response.status}`);
  const { events } = await response.json();
  const game = events.find((event) => event.team) ?? events[0];
  if (!game) throw new Error('the demo has no public game near Austin');
  return {
    event: `/discover/events/${game.id}`,
    team: `/team/${game.team?.id}`,
    place: `/places/view/${game.place.id}`,
  };
}

// ---- browser --------------------------------------------------------------------

/**
 * A fresh Chromium with one phone-sized page carrying the session cookie: `use` gets the
 * browser, its context and the page, and the browser closes however `use` ends.
 */
export async function withSignedInPage(baseUrl, cookie, use) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    // No cookie: a visitor (bench:profile's PROFILE_VISITOR=1).
    if (cookie) {
      const [name, value] = cookie.split(';')[0].split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    // Not measured while the browser is still starting (whenBrowserSettled).
    const cdp = await browser.newBrowserCDPSession();
    await whenBrowserSettled(async () => {
      const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
      return processInfo.reduce((sum, process) => sum + process.cpuTime * 1000, 0);
    });
    await cdp.detach();
    return await use({ browser, context, page });
  } finally {
    await browser.close();
  }
}
