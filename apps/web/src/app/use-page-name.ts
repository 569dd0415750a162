import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

interface PageName {
  pathname: string;
  name: string;
}

/**
 * The name the open page gave itself (an event's title, a team's name). The root layout
 * is the only writer of document.title: a page's own effect would run before the
 * layout's and be overwritten, so pages hand their name over through this store.
 */
let current: PageName | null = null;
const listeners = new Set<() => void>();

function publish(next: PageName | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A page names what it shows once it knows it: `usePageName(event?.title)`, or
 * `usePageName(notFoundPageName)` when its id leads nowhere. Until then (and for other
 * paths) the title comes from the path (page-title.ts).
 */
export function usePageName(name: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name) return;
    const entry = { pathname, name };
    publish(entry);
    return () => {
      if (current === entry) publish(null);
    };
  }, [pathname, name]);
}

/** The name given by the page at `pathname`, if it gave one (a name left from the previous page does not count). */
export function usePageNameFor(pathname: string): string | null {
  const named = useSyncExternalStore(subscribe, () => current);
  return named?.pathname === pathname ? named.name : null;
}
