import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds `relative` in `start` or one of its parents. The same code runs from
 * src/ (tsx, tests) and from the bundle in dist/, which sit at different depths.
 */
export function locateUpwards(start: string, relative: string): string | undefined {
  let directory = start;
  for (;;) {
    const candidate = path.join(directory, relative);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
