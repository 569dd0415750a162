import type { Plugin } from 'vite';

/** Mantine's useId module, as a path ends (either separator). */
const mantineUseId = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's useId with React's id kept (issue 33). Mantine's starts from React's useId, then sets a
 * random id in a layout effect: every Mantine component with an id (inputs, selects, menus,
 * tooltips) renders a second time, synchronously, in the commit that hydrates a server-rendered
 * page, and writes new ids into the DOM: about a third of the event page's longest task on a phone.
 * The swap dates from before React had useId; React's ids are unique in a root and the same on the
 * server and in the browser, which is all a label's `for` or an `aria-describedby` needs.
 */
export const stableUseIdModule = [
  "import { useId as useReactId } from 'react';",
  'export function useId(staticId) {',
  '  const reactId = useReactId();',
  "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;",
  '}',
].join('\n');

export function mantineStableIds(): Plugin {
  return {
    name: 'huddle:mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      return mantineUseId.test(id.split('?')[0] ?? '') ? stableUseIdModule : null;
    },
  };
}
