import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = path.resolve(import.meta.dirname, '../src');
const sharedSrc = path.resolve(import.meta.dirname, '../../../packages/shared/src');

/** Every value (not type) web code imports from `@huddle/shared/<module>`, with where. */
function sharedValueImports(): { module: string; name: string; file: string }[] {
  const files = execFileSync('grep', ['-rl', '--include=*.ts', '--include=*.tsx', '@huddle/shared/', webSrc], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .filter((file) => !/\.test\.tsx?$/.test(file));
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@huddle\/shared\/([\w-]+)'/g)]
      .filter((match) => !match[1])
      .flatMap((match) =>
        (match[2] ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('type '))
          .map((part) => ({ module: match[3] ?? '', name: part.split(/\s+as\s+/)[0] ?? '', file })),
      ),
  );
}

describe('forms take their schemas through @huddle/contracts', () => {
  // It imports every shared module the web app uses: seconds, beyond the 5 s default beside other suites.
  it(
    'no web module imports a zod schema from @huddle/shared/*, which the first page loads',
    { timeout: 60_000 },
    async () => {
      const schemas: string[] = [];
      for (const { module, name, file } of sharedValueImports()) {
        const exports = (await import(path.join(sharedSrc, `${module}.ts`))) as Record<string, unknown>;
        const value = exports[name];
        if (value !== null && typeof value === 'object' && '_zod' in value) {
          schemas.push(`${path.relative(webSrc, file)}: ${name} from @huddle/shared/${module}`);
        }
      }
      // Import it from '@huddle/contracts/<module>' instead (build/shared-contracts.ts).
      expect(schemas).toEqual([]);
    },
  );
});
