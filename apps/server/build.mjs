// Bundles the server into dist/server.js, and the backup and restore commands into dist/backup.js
// and dist/restore.js (the Docker image has no tsx: `node apps/server/dist/backup.js`), with the
// code they share and what they import later in dist/chunks/. Workspace packages (@huddle/*,
// TypeScript sources) are bundled in; everything from npm stays external and loads from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

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
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@huddle/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
