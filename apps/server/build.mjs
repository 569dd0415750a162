// Bundles the server into dist/server.js. Workspace packages (@huddle/*, TypeScript
// sources) are bundled in; everything from npm stays external and loads from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
