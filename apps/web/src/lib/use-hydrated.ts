import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * What only the browser knows (its time zone, its screen, its storage), read so that a page the
 * server rendered hydrates without a mismatch (decision 075): `serverValue` on the server and
 * while React hydrates the server's markup, then the browser's value in the render right after.
 * A page the browser renders alone reads the browser's value at once.
 */
export function useBrowserValue<T>(browserValue: () => T, serverValue: T): T {
  return useSyncExternalStore(noChanges, browserValue, () => serverValue);
}

/** False on the server and while hydrating, true after: for what can only render in the browser (a map). */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
