import { useSyncExternalStore } from 'react';

/**
 * Which replies came from the service worker's last copy while offline (public/sw.js marks them
 * with this header: when the copy was fetched), so the page can say its data is not fresh
 * (decision 052). A fresh reply for the same path clears its mark.
 */
export const offlineSinceHeader = 'x-huddle-offline-since';
/** The name of the service worker's cache of API replies (public/sw.js). */
export const offlineDataCache = 'huddle-data';

const staleSince = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed() {
  oldest = staleSince.size > 0 ? Math.min(...staleSince.values()) : null;
  for (const listener of listeners) listener();
}

/** Called by the API client for every reply: only the worker's offline copies carry the header. */
export function noteReplySource(url: string, response: Pick<Response, 'headers'>): void {
  const path = url.split('?')[0] ?? url;
  const since = Date.parse(response.headers.get(offlineSinceHeader) ?? '');
  if (!Number.isNaN(since)) staleSince.set(path, since);
  else if (!staleSince.delete(path)) return;
  changed();
}

/** When the oldest offline copy on screen was fetched, or null when everything is fresh. */
export function useOfflineSince(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => oldest,
    () => null,
  );
}

/** Signing out: the person's last lists must not outlive their session on this device. */
export async function forgetOfflineData(): Promise<void> {
  staleSince.clear();
  changed();
  if (typeof caches !== 'undefined') await caches.delete(offlineDataCache).catch(() => false);
}

/**
 * Home's lists the worker keeps for offline use (sw.js offlineDataPaths), by the query key home's
 * blocks read them under (features/home/api) and the reply the endpoint sent. A server-rendered
 * home (issue 33) asks the API for none of them, so the worker sees no reply to keep: the page keeps
 * the copies it was rendered from instead, as the worker would have (written only where a worker
 * serves this page, which is where it reads them back).
 */
const serverRenderedCopies = [
  { queryKey: '["home","my-events"]', path: '/api/me/events', reply: (data: unknown) => ({ events: data }) },
  {
    queryKey: '["me","registrations"]',
    path: '/api/me/registrations',
    reply: (data: unknown) => ({ registrations: data }),
  },
];

export async function keepServerRenderedCopies(
  queries: readonly { queryKey: readonly unknown[]; data: unknown }[],
): Promise<void> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return;
  const copies = queries.flatMap((query) => {
    const copy = serverRenderedCopies.find((kept) => kept.queryKey === JSON.stringify(query.queryKey));
    return copy ? [{ path: copy.path, body: JSON.stringify(copy.reply(query.data)) }] : [];
  });
  if (copies.length === 0) return;
  const cache = await caches.open(offlineDataCache);
  const fetchedAt = new Date().toISOString();
  await Promise.all(
    copies.map(({ path, body }) =>
      cache.put(
        new URL(path, location.origin).href,
        new Response(body, { headers: { 'content-type': 'application/json', [offlineSinceHeader]: fetchedAt } }),
      ),
    ),
  );
}
