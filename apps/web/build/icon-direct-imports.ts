import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * `import { IconPlus, IconX as Close } from '@tabler/icons-react'` rewritten to default imports of
 * the two icon modules (decision 069). Why: the package's index re-exports all of its ~6,300 icons,
 * one module each, and the bundler reads and parses every module an index names before
 * tree-shaking drops the unused ones: two thirds of the web build's ~9,100 modules were icons the
 * app never shows. A name the index does not list (`icons`, `createReactComponent`) leaves the
 * statement as it is.
 */
const iconPackage = '@tabler/icons-react';

/** export name → absolute file of the icon module whose default export it is, from the ESM index. */
function readIconIndex(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve(`${iconPackage}/package.json`));
  const packageJson = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { module: string };
  const index = path.join(packageDir, packageJson.module);
  const icons = new Map<string, string>();
  // `export { default as Icon123, default as IconNumber123 } from './icons/IconNumber123.mjs';`
  for (const [, names = '', from = ''] of readFileSync(index, 'utf8').matchAll(
    /^export \{([^}]*)\} from '(\.\/icons\/[^']+)';$/gm,
  )) {
    const file = path.resolve(path.dirname(index), from);
    for (const part of names.split(',')) {
      const [imported = '', exported = ''] = part.trim().split(/\s+as\s+/);
      if (imported === 'default' && exported) icons.set(exported, file);
    }
  }
  return icons;
}

const importFrom = /import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["'];?/g;

export function iconDirectImports(): Plugin {
  let icons: Map<string, string> | undefined;
  // Maps only when the build writes source maps (for Sentry): making them for every rewritten module
  // cost about a second of each build (decision 069).
  let sourceMaps = false;
  return {
    name: 'huddle:icon-direct-imports',
    apply: 'build',
    configResolved(config) {
      sourceMaps = Boolean(config.build.sourcemap);
    },
    transform: {
      filter: { code: /@tabler\/icons-react["']/ },
      handler(code, id) {
        if (!/\.(mjs|js|jsx|ts|tsx)$/.test(id.split('?')[0] ?? '')) return null;
        icons ??= readIconIndex();
        const output = new MagicString(code);
        for (const match of code.matchAll(importFrom)) {
          const [statement, names = ''] = match;
          const direct = names
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => {
              const [imported = '', local = imported] = part.split(/\s+as\s+/);
              const file = icons?.get(imported);
              return file && `import ${local} from ${JSON.stringify(file)};`;
            });
          if (direct.every(Boolean)) output.overwrite(match.index, match.index + statement.length, direct.join(''));
        }
        if (!output.hasChanged()) return null;
        return { code: output.toString(), map: sourceMaps ? output.generateMap({ hires: 'boundary' }) : null };
      },
    },
  };
}
