import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * `import { Button, Modal } from '@mantine/core'` rewritten to imports of the two modules that
 * define them (decision 021, update of 2026-11-26). Why: the bundler's module graph runs through
 * the package's index, which imports every component. Tree-shaking still drops what nobody uses,
 * but the chunking sees every chunk that imports the index as reaching every component, so a
 * component four lazy pages use (NumberInput, Select) joined the `ui` chunk that home loads first:
 * about 70 % of that chunk never ran on home. With direct imports the graph says which page uses
 * what. The same idea as Next.js's `optimizePackageImports`, which lists Mantine.
 *
 * Mantine's own packages import `@mantine/core` and `@mantine/hooks` by their index too, so
 * their modules are rewritten the same way. A name the index does not list is left alone.
 */
const barrels = ['@mantine/core', '@mantine/hooks'] as const;
type Barrel = (typeof barrels)[number];

/** export name → [absolute file, the name that file exports], from the package's ESM index. */
function readBarrel(name: Barrel): Map<string, [string, string]> {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its CommonJS entry sits in cjs/ beside esm/.
  const index = path.join(path.dirname(require.resolve(name)), '../esm/index.mjs');
  const code = readFileSync(index, 'utf8');
  const locals = new Map<string, [string, string]>();
  for (const [, names = '', from = ''] of code.matchAll(/^import \{([^}]*)\} from "([^"]+)";$/gm)) {
    const file = from.startsWith('.') ? path.resolve(path.dirname(index), from) : from;
    for (const part of names.split(',')) {
      const [imported = '', local = imported] = part.trim().split(/\s+as\s+/);
      if (imported) locals.set(local, [file, imported]);
    }
  }
  const exports = new Map<string, [string, string]>();
  for (const [, names = ''] of code.matchAll(/^export \{([^}]*)\};?$/gm)) {
    for (const part of names.split(',')) {
      const [local = '', exported = local] = part.trim().split(/\s+as\s+/);
      const source = locals.get(local);
      if (source) exports.set(exported, source);
    }
  }
  return exports;
}

const importFrom = /import\s*\{([^}]*)\}\s*from\s*["'](@mantine\/(?:core|hooks))["'];?/g;

export function mantineDirectImports(): Plugin {
  let maps: Map<Barrel, Map<string, [string, string]>> | undefined;
  // Maps only when the build writes source maps (for Sentry): making them for every rewritten module
  // cost about a second of each build (decision 069).
  let sourceMaps = false;
  return {
    name: 'huddle:mantine-direct-imports',
    apply: 'build',
    configResolved(config) {
      sourceMaps = Boolean(config.build.sourcemap);
    },
    transform: {
      filter: { code: /@mantine\/(core|hooks)["']/ },
      handler(code, id) {
        if (!/\.(mjs|js|jsx|ts|tsx)$/.test(id.split('?')[0] ?? '')) return null;
        maps ??= new Map(barrels.map((name) => [name, readBarrel(name)]));
        const output = new MagicString(code);
        for (const match of code.matchAll(importFrom)) {
          const [statement, names = '', barrel] = match;
          const map = maps.get(barrel as Barrel);
          const direct = names
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => {
              const [imported = '', local = imported] = part.split(/\s+as\s+/);
              const source = map?.get(imported);
              return source && `import { ${source[1]} as ${local} } from ${JSON.stringify(source[0])};`;
            });
          if (direct.every(Boolean)) output.overwrite(match.index, match.index + statement.length, direct.join(''));
        }
        if (!output.hasChanged()) return null;
        return { code: output.toString(), map: sourceMaps ? output.generateMap({ hires: 'boundary' }) : null };
      },
    },
  };
}
