import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// mantine-styles.ts imports Mantine's CSS file by file; a component whose file is missing
// renders unstyled, which no type check notices. This test does.
const here = dirname(fileURLToPath(import.meta.url));
const webSource = join(here, '..');
const coreStyles = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The names imported from '@mantine/core' anywhere in the web app. */
function mantineImports(): Set<string> {
  const names = new Set<string>();
  const importFromCore = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g;
  for (const file of sourceFiles(webSource)) {
    for (const match of readFileSync(file, 'utf8').matchAll(importFromCore)) {
      for (const name of (match[1] ?? '').split(',')) {
        const trimmed = name.trim();
        if (trimmed && !trimmed.startsWith('type ')) names.add(trimmed.split(/\s+as\s+/)[0] ?? trimmed);
      }
    }
  }
  return names;
}

describe('mantine-styles.ts', () => {
  it('imports the CSS file of every Mantine component the web app uses', () => {
    const styles = readFileSync(join(here, 'mantine-styles.ts'), 'utf8');
    const used = [...mantineImports()];
    // Sanity: the scan finds the components every page uses.
    expect(used).toEqual(expect.arrayContaining(['Button', 'Stack', 'Text']));
    const missing = used.filter(
      (name) => existsSync(join(coreStyles, `${name}.css`)) && !styles.includes(`'@mantine/core/styles/${name}.css'`),
    );
    expect(missing).toEqual([]);
  });
});
