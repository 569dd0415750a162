import { startTransition, useEffect, useRef, useState } from 'react';

let hydrating = false;

/**
 * The entry is about to hydrate the server's markup (main.tsx, auth-main.tsx); the app's first
 * commit ends it (interactive-mark.tsx). Components rendered meanwhile start from the server's value.
 */
export function setHydratingServerMarkup(value: boolean): void {
  hydrating = value;
}

/**
 * What only the browser knows (its time zone, its screen, its storage), read so that a page the
 * server rendered hydrates without a mismatch (decision 075): `serverValue` on the server and
 * while React hydrates the server's markup, then the browser's value in a transition right after:
 * rendered in slices that yield to the browser, not in one task with every other component's
 * (issue 33: a phone's Total Blocking Time; useSyncExternalStore re-rendered them synchronously).
 * A page the browser renders alone reads the browser's value at once. Read once: not a store.
 */
export function useBrowserValue<T>(browserValue: () => T, serverValue: T): T {
  const fromServer = hydrating || typeof window === 'undefined';
  const [value, setValue] = useState(() => (fromServer ? serverValue : browserValue()));
  const later = useRef(fromServer ? browserValue : null);
  useEffect(() => {
    const read = later.current;
    later.current = null;
    if (!read) return;
    const browser = read();
    if (!Object.is(browser, value)) startTransition(() => setValue(browser));
  }, [value]);
  return value;
}

/** False on the server and while hydrating, true after: for what can only render in the browser (a map). */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
