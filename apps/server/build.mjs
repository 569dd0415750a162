// Bundles the server into dist/server.js, and the backup and restore commands into dist/backup.js
// and dist/restore.js (the Docker image has no tsx: `node apps/server/dist/backup.js`). Workspace packages (@huddle/*, TypeScript
// sources) are bundled in; everything from npm stays external and loads from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// The record of the inputs the last complete build was made from (scripts/build.mjs writes it after
// a build): gone while this one runs, so a build cut short is never taken for that one (decision 069).
rmSync('dist/.build-inputs.json', { force: true });

await build({
  entryPoints: { server: 'src/server.ts', backup: 'src/db/backup-command.ts', restore: 'src/db/restore-command.ts' },
  outdir: 'dist',
  bundle: true,
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
