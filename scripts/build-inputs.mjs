// What each build is made from, hashed, so `npm start` rebuilds only what changed since the last
// build (decision 069). A build records the hash of its inputs, taken before it read them, beside
// its output; the next start hashes the inputs again and skips the build when both agree and the
// output is all there. Anything not listed here that changes the output would make a stale build
// look current: when a build starts reading a new kind of file, list it here.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders no build reads from: installs, outputs, local databases, test and tool output. */
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'blob-report',
  'coverage',
]);
/** Tests beside the code are never bundled (the bundlers follow imports from the entries), nor are logs. */
const skippedFile = /(\.test\.tsx?|\.log)$/;

/**
 * Files every build depends on: the installed packages (npm's record of what node_modules holds,
 * and the lockfile it came from), the TypeScript settings both builds extend, and this tooling.
 */
const sharedFiles = [
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tsconfig.base.json',
  'scripts/build-inputs.mjs',
  'scripts/build.mjs',
];

/**
 * @typedef {object} BuildTarget
 * @property {string} name
 * @property {string} workspace the npm workspace whose `build` script makes it
 * @property {string[]} folders every file under these (but skipped ones) is an input
 * @property {string[]} files single input files; a missing one counts as missing, not as an error
 * @property {(name: string) => boolean} readsVariable the environment variables the build reads
 * @property {string[]} outputs files a complete build leaves (a build cut short may leave some out)
 * @property {string} record where the hash of the inputs of the last complete build is kept
 */

/** @type {Record<'web' | 'server', BuildTarget>} */
export const buildTargets = {
  web: {
    name: 'web',
    workspace: '@huddle/web',
    // apps/web holds the sources, the pages, public/, the Vite and PostCSS configs and .env files
    // (Vite reads apps/web/.env*); the shared contracts are compiled into the bundle.
    folders: ['apps/web', 'packages/shared'],
    files: sharedFiles,
    // Sentry source maps (apps/web/build/sentry-source-maps.ts), Vite's own VITE_ variables and mode.
    readsVariable: (name) => /^(SENTRY_(AUTH_TOKEN|ORG|PROJECT|URL|RELEASE)|VITE_\w+|NODE_ENV)$/.test(name),
    // dist/.ssr/: the server render's bundle (decision 075), built from the same inputs by the same script.
    outputs: [
      'apps/web/dist/index.html',
      'apps/web/dist/auth.html',
      'apps/web/dist/site.html',
      'apps/web/dist/sw.js',
      'apps/web/dist/.ssr/entry-server.mjs',
    ],
    // Under .vite/ beside Vite's manifest: the server does not serve dot folders. Vite empties
    // dist/ when it starts building, so a build run any other way (vite build) drops the record.
    record: 'apps/web/dist/.vite/build-inputs.json',
  },
  server: {
    name: 'server',
    workspace: '@huddle/server',
    // Only src/ is bundled: the migrations (apps/server/drizzle) are read when the server starts.
    folders: ['apps/server/src', 'packages/shared/src'],
    files: ['apps/server/build.mjs', 'apps/server/package.json', 'packages/shared/package.json', ...sharedFiles],
    readsVariable: () => false,
    outputs: ['apps/server/dist/server.js', 'apps/server/dist/backup.js', 'apps/server/dist/restore.js'],
    // apps/server/build.mjs deletes it first, so a build run any other way drops the record.
    record: 'apps/server/dist/.build-inputs.json',
  },
};

/** Every input file of `target`, relative to `repoRoot`, sorted, with forward slashes. */
export function listBuildInputs(repoRoot, target) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(repoRoot, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(child);
      } else if (!skippedFile.test(entry.name)) {
        found.push(child);
      }
    }
  };
  for (const folder of target.folders) if (existsSync(path.join(repoRoot, folder))) walk(folder);
  return [...new Set([...found, ...target.files])].sort();
}

/**
 * A hash of everything `target`'s build reads: each input file's path and content, the values of
 * the environment variables it reads, and the Node.js version that runs it. Variables enter only
 * as part of the hash, so a token in them is never written anywhere.
 */
export function hashBuildInputs(repoRoot, target, env) {
  const hash = createHash('sha256');
  const field = (value) => hash.update(`${value.length}:`).update(value);
  field(`node ${process.version}`);
  for (const name of Object.keys(env).filter(target.readsVariable).sort()) field(`${name}=${env[name] ?? ''}`);
  for (const file of listBuildInputs(repoRoot, target)) {
    field(file);
    const absolute = path.join(repoRoot, file);
    if (existsSync(absolute)) field(readFileSync(absolute));
    else field('(missing)');
  }
  return hash.digest('hex');
}

/**
 * Whether the last complete build of `target` was made from inputs with this hash and left all
 * its output: `{ current: true }`, or `{ current: false, reason }` saying why it must be rebuilt.
 */
export function checkBuild(repoRoot, target, inputsHash) {
  const missing = target.outputs.find((file) => !existsSync(path.join(repoRoot, file)));
  if (missing) return { current: false, reason: `${missing} is missing` };
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(path.join(repoRoot, target.record), 'utf8')).inputsHash;
  } catch {
    return { current: false, reason: 'no record of the inputs it was built from' };
  }
  if (recorded !== inputsHash) return { current: false, reason: 'its inputs changed since it was built' };
  return { current: true };
}

/** After a complete build: the hash of the inputs it started from (taken before it read them). */
export function recordBuild(repoRoot, target, inputsHash) {
  const record = path.join(repoRoot, target.record);
  mkdirSync(path.dirname(record), { recursive: true });
  writeFileSync(record, `${JSON.stringify({ inputsHash, builtAt: new Date().toISOString() })}\n`);
}

/** Before a build: whatever it leaves if cut short must not pass for the previous, complete build. */
export function forgetBuild(repoRoot, target) {
  rmSync(path.join(repoRoot, target.record), { force: true });
}
