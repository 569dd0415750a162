import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iconDirectImports } from './icon-direct-imports.ts';

type Handler = (code: string, id: string) => { code: string } | null;
const transform = iconDirectImports().transform as { handler: Handler };
const rewrite = (code: string, id = '/app/src/page.tsx') => transform.handler.call({}, code, id)?.code ?? null;

/** local name → the file each `import <local> from "<file>"` of the rewritten code names. */
const importedFiles = (code: string) =>
  Object.fromEntries([...code.matchAll(/import (\w+) from "([^"]+)";/g)].map((match) => [match[1], match[2]]));

describe('iconDirectImports', () => {
  it('imports each icon from its own module, keeping local names', () => {
    const code = rewrite(
      `import { IconPlus, IconTrash as Delete } from '@tabler/icons-react';\nexport const a = [IconPlus, Delete];`,
    );
    const files = importedFiles(code ?? '');
    expect(files.IconPlus).toMatch(/@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]IconPlus\.mjs$/);
    expect(files.Delete).toMatch(/[\\/]IconTrash\.mjs$/);
    expect(existsSync(files.Delete ?? '')).toBe(true);
    expect(code).toContain('export const a = [IconPlus, Delete];');
    expect(code).not.toContain("'@tabler/icons-react'");
  });

  it('follows the index’s other names for an icon to the module that defines it', () => {
    // The index exports IconNumber123's module under its old name Icon123 too.
    const files = importedFiles(rewrite(`import { Icon123 } from "@tabler/icons-react";`) ?? '');
    expect(files.Icon123).toMatch(/[\\/]IconNumber123\.mjs$/);
  });

  it('leaves a statement alone when the index does not list one of its names as an icon', () => {
    expect(rewrite(`import { IconPlus, icons } from '@tabler/icons-react';`)).toBeNull();
    expect(rewrite(`import { IconPlus, IconNotATablerIcon } from '@tabler/icons-react';`)).toBeNull();
  });

  it('leaves other packages and non-script files alone', () => {
    expect(rewrite(`import { Button } from '@mantine/core';`)).toBeNull();
    expect(rewrite(`import { IconPlus } from '@tabler/icons-react';`, '/app/src/page.css')).toBeNull();
  });
});
