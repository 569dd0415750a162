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
