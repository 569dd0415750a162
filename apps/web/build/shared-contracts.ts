import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `@huddle/contracts/<module>`: the zod schemas of a shared module, for the forms that check
 * input before sending it. It is the same file as `@huddle/shared/<module>`, loaded as a second
 * copy (`?contracts`) whose own shared imports stay in that copy. Why (decision 021): a module
 * is one chunk, and the first page imports constants and routes from the same shared modules
 * whose schemas only forms use. Importing the schemas through this name puts them, and zod,
 * in the chunks of the pages with forms; the first load builds no schema at all.
 * `apps/web/build/shared-contracts.test.ts` checks that web code takes every schema this way.
 */
export const contractsPrefix = '@huddle/contracts/';
const copy = '?contracts';
const sharedSrc = path.resolve(import.meta.dirname, '../../../packages/shared/src');
const zodSettings = path.resolve(import.meta.dirname, '../src/lib/zod-jitless.ts');

export function sharedContracts(): Plugin {
  return {
    name: 'huddle:shared-contracts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith(contractsPrefix))
        return path.join(sharedSrc, `${source.slice(contractsPrefix.length)}.ts`) + copy;
      if (importer?.endsWith(copy) && source.startsWith('.')) {
        return path.resolve(path.dirname(importer.slice(0, -copy.length)), source) + copy;
      }
      return null;
    },
    load(id) {
      if (!id.endsWith(copy)) return null;
      // zod's settings go with its schemas: set before any of them parses (lib/zod-jitless.ts).
      const settings = `import ${JSON.stringify(zodSettings)};\n`;
      return { code: settings + readFileSync(id.slice(0, -copy.length), 'utf8'), moduleType: 'ts' };
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const reaching = new Map<string, boolean>();

/**
 * Whether a module needs the contracts copies: it is one, or it imports one statically (directly
 * or through its own imports). The `shared-ui` chunk leaves these out (vite.config.ts).
 */
export function reachesContractsIn(moduleId: string, graph: ModuleGraph): boolean {
  const known = reaching.get(moduleId);
  if (known !== undefined) return known;
  // zod's settings too: only the copies import them, and they bring zod's core.
  if (moduleId.endsWith(copy) || moduleId === zodSettings) return true;
  reaching.set(moduleId, false); // an import cycle reads as "not (yet)" rather than looping
  const reaches = (graph.getModuleInfo(moduleId)?.importedIds ?? []).some((id) => reachesContractsIn(id, graph));
  reaching.set(moduleId, reaches);
  return reaches;
}
