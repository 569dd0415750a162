import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The server's dev port (apps/server, `npm run dev`): same origin for the browser, so the
// session cookie and the CSP behave as in production.
const apiTarget = 'http://localhost:3000';

// react-router points every export condition at its development build, so production
// bundles carry its dev warnings (remix-run/react-router#12532, #14102). It ships the
// production build beside it; the build uses that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/**
 * zod 4 builds its JSON Schema generator into every schema class, out of reach of
 * tree-shaking: about 5.5 KB gzip on every page, the sign-in page included (budget
 * 170 KB). The browser never generates JSON Schema (the server makes the OpenAPI
 * document from the same schemas), so the build swaps zod's two generator modules for
 * stubs that throw if called. Parsing, messages and introspection (`aggregateChecks`,
 * behind `.minLength` and friends) are untouched. Delete this plugin to undo it; if a
 * zod upgrade moves these files, the plugin matches nothing and the bundle just grows.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  const original = '?huddle-original';
  const kept = new Set(['aggregateChecks']);
  const stubFor = (file: string) => {
    const code = readFileSync(file, 'utf8');
    const names = [
      ...[...code.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm)].map(
        (match) => match[1],
      ),
      ...[...code.matchAll(/^export \{ *[\w$]+ as ([\w$]+) *\}/gm)].map((match) => match[1]),
    ].filter((name): name is string => Boolean(name));
    return [
      "const unsupported = () => { throw new Error('zod JSON Schema generation is left out of the web bundle (apps/web/vite.config.ts).'); };",
      ...names.map((name) =>
        kept.has(name)
          ? `export { ${name} } from ${JSON.stringify(file + original)};`
          : name.startsWith('create')
            ? `export const ${name} = () => unsupported;`
            : `export const ${name} = unsupported;`,
      ),
    ].join('\n');
  };
  return {
    name: 'huddle:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.endsWith(original)) return readFileSync(id.slice(0, -original.length), 'utf8');
      return generator.test(id) ? stubFor(id) : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    // The server sends these precompressed copies (@fastify/static preCompressed), so no
    // request pays for compression at run time.
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed names under dist/assets/: the server caches that folder for a year.
    assetsDir: 'assets',
    target: 'es2022',
    // Every browser Huddle supports has <link rel="modulepreload">: skip the polyfill.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The entry chunk is ~510 KB raw / ~157 KB gzip by design (decision 008 and its budget,
    // measured by bench:web), so Vite's generic 500 KB warning is raised above it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs before it can render (React, the router, Mantine's core,
            // the query client, the session check) in one file rather than a dozen small ones.
            { name: 'app', tags: ['$initial'], priority: 10 },
            // What only the auth pages' forms need (@mantine/form, the password input, the forms
            // themselves), in one file rather than a dozen. Only the modules named: what they share
            // with other pages goes to `inputs` (issue 11, decision 021).
            {
              name: 'forms',
              test: /[\\/](@mantine[\\/]form|klona|fast-deep-equal|@mantine[\\/]core[\\/]esm[\\/]components[\\/]PasswordInput|features[\\/]accounts[\\/]components[\\/](sign-in-form|sign-up-form|auth-layout|auth-heading|field-props|password-visibility))/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // What the auth forms share with the signed-in pages (the header's search box and icon
            // buttons, Paper, Alert, icons' base, mutations): one file both load, so home and
            // discover no longer download the sign-in forms (decision 021).
            {
              name: 'inputs',
              test: /[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|CloseButton|ActionIcon|Anchor|Paper|Alert|Container)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)|@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/](mutation|utils)|react-query[\\/]build[\\/]modern[\\/]useMutation)|components[\\/]ui[\\/]color-scheme-toggle)/,
              priority: 6,
            },
          ],
        },
      },
    },
  },
}));
