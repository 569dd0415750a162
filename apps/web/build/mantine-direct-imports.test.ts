import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mantineDirectImports } from './mantine-direct-imports.ts';

type Handler = (code: string, id: string) => { code: string } | null;
const transform = mantineDirectImports().transform as { handler: Handler };
const rewrite = (code: string, id = '/app/src/page.tsx') => transform.handler.call({}, code, id)?.code ?? null;

/** The file each `import { local } from "<file>"` of the rewritten code names. */
const importedFiles = (code: string) =>
  Object.fromEntries(
    [...code.matchAll(/import \{ (\w+) as (\w+) \} from "([^"]+)";/g)].map((match) => [match[2], [match[1], match[3]]]),
  );

describe('mantineDirectImports', () => {
  it('imports each component from the module that defines it, keeping local names', () => {
    const code = rewrite(
      `import { Button, Modal as Dialog } from '@mantine/core';\nexport const a = [Button, Dialog];`,
    );
    const files = importedFiles(code ?? '');
    expect(files.Button?.[0]).toBe('Button');
    expect(files.Button?.[1]).toMatch(/@mantine[\\/]core[\\/]esm[\\/]components[\\/]Button[\\/]Button\.mjs$/);
    expect(files.Dialog?.[0]).toBe('Modal');
    expect(files.Dialog?.[1]).toMatch(/[\\/]Modal[\\/]Modal\.mjs$/);
    expect(existsSync(files.Dialog?.[1] ?? '')).toBe(true);
    expect(code).toContain('export const a = [Button, Dialog];');
    expect(code).not.toContain("'@mantine/core'");
  });

  it('rewrites @mantine/hooks and the imports inside Mantine’s own packages', () => {
    const code = rewrite(
      `import { useDisclosure } from "@mantine/hooks";`,
      '/node_modules/@mantine/notifications/esm/Notifications.mjs',
    );
    expect(importedFiles(code ?? '').useDisclosure?.[1]).toMatch(/use-disclosure[\\/]use-disclosure\.mjs$/);
  });

  it('leaves a statement alone when the index does not list one of its names', () => {
    const statement = `import { Button, NotAMantineExport } from '@mantine/core';`;
    expect(rewrite(statement)).toBeNull();
  });

  it('leaves other packages and non-script files alone', () => {
    expect(rewrite(`import { useQuery } from '@tanstack/react-query';`)).toBeNull();
    expect(rewrite(`import { Button } from '@mantine/core';`, '/app/src/page.css')).toBeNull();
  });
});
