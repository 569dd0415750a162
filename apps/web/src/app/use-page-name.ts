import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { notFoundPageName } from './page-title.ts';

interface PageName {
  pathname: string;
  name: string;
}

/**
 * The names the open page gave itself (an event's title, a team's name). The root layout
 * is the only writer of document.title: a page's own effect would run before the
 * layout's and be overwritten, so pages hand their name over through this store.
 */
let named: readonly PageName[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly PageName[]) {
  named = next;
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
    publish([...named, entry]);
    return () => publish(named.filter((other) => other !== entry));
  }, [pathname, name]);
}

/**
 * The name given at `pathname` (a name left from the previous page does not count): the latest,
 * but "Page not found" over any other. A page that shows the not-found page in its place names
 * itself too, and its effect runs after the inner page's (issue 30: pricing with subscriptions
 * off was titled "Pricing | Huddle" over the not-found page).
 */
function nameFor(entries: readonly PageName[], pathname: string): string | null {
  const here = entries.filter((entry) => entry.pathname === pathname);
  if (here.some((entry) => entry.name === notFoundPageName)) return notFoundPageName;
  return here.at(-1)?.name ?? null;
}

export function usePageNameFor(pathname: string): string | null {
  // On the server (decision 075) no page has named itself yet (names are given in effects).
  return useSyncExternalStore(
    subscribe,
    () => nameFor(named, pathname),
    () => null,
  );
}
