/* global self, caches, importScripts */
/*
 * Huddle's service worker (decision 052; push from issue 12, decision 027).
 *
 * Registered by src/lib/service-worker-registration.ts as /sw.js?v=<version>, after the app has
 * been stable for 30 s outside development (spec §4, §9), or at once when the person turns on push.
 *
 * - App shell: the scripts and styles of index.html and the landing pages, icons, the raw
 *   index.html (no session in it) and the offline page, precached from /sw-precache.js (written
 *   by the build: build/service-worker-precache.ts); other pages' scripts are kept as they load.
 * - Pages: always from the network (they carry the session and are never stored); with no
 *   connection, the app shell, which then reads the data below.
 * - The lists home shows (the next games, registrations) and the session: from the network, a
 *   copy kept; with no connection the last copy, marked with the header `x-huddle-offline-since`
 *   (when it was fetched) so the page says "Offline, last updated …". Signing out deletes them
 *   (src/lib/offline-data.ts, cache "huddle-data").
 * - Web push: shows the notification and opens its page when clicked.
 */

importScripts('/sw-precache.js');

const precache = self.huddlePrecache || { build: 'none', urls: [] };
const shellCache = `huddle-shell-${precache.build}`;
const dataCache = 'huddle-data';
const offlineSinceHeader = 'x-huddle-offline-since';

/**
 * The GET API paths whose last reply is kept for offline use: what home needs to show your next
 * game. The same paths as the shared endpoint declarations (src/lib/offline-data-paths.test.ts).
 */
const offlineDataPaths = ['/api/auth/session', '/api/config', '/api/me/events', '/api/me/registrations'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      // cache: 'reload' skips the HTTP cache for the unhashed files (index.html, the offline page).
      .then((cache) => cache.addAll(precache.urls.map((url) => new self.Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('huddle-shell-') && name !== shellCache)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(pageOrShell(request, url));
    // The page carries its session inline (never stored), and the app shell served offline does
    // not: keep a copy of the session beside the lists, as of this page.
    if (isAppPage(url))
      event.waitUntil(networkThenLastCopy(new self.Request('/api/auth/session')).catch(() => undefined));
    return;
  }
  if (offlineDataPaths.includes(url.pathname)) {
    event.respondWith(networkThenLastCopy(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(keptAsset(request));
    return;
  }
  if (precache.urls.includes(url.pathname)) {
    event.respondWith(
      caches.match(request, { cacheName: shellCache, ignoreVary: true }).then((hit) => hit || fetch(request)),
    );
  }
});

/** A hashed file never changes: the kept copy, else the network's, kept for next time (other pages' code). */
async function keptAsset(request) {
  const hit = await caches.match(request, { cacheName: shellCache, ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(shellCache).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Pages of the app itself: not the auth pages (their own entry) nor website pages. */
function isAppPage(url) {
  return !/^\/(auth|site|organization|api)(\/|$)/.test(url.pathname);
}

/** A page from the network; offline, the app shell (the auth pages and websites: the offline page). */
async function pageOrShell(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = isAppPage(url)
      ? await caches.match('/index.html', { cacheName: shellCache, ignoreVary: true })
      : undefined;
    const offline = shell || (await caches.match('/offline.html', { cacheName: shellCache, ignoreVary: true }));
    if (offline) return offline;
    throw error;
  }
}

/** The reply from the network, a copy kept; offline, the last copy, marked with when it was fetched. */
async function networkThenLastCopy(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(offlineSinceHeader, new Date().toISOString());
      const copy = new Response(await response.clone().arrayBuffer(), { status: response.status, headers });
      const cache = await caches.open(dataCache);
      await cache.put(request, copy);
    }
    return response;
  } catch (error) {
    const last = await caches.match(request, { cacheName: dataCache, ignoreVary: true });
    if (last) return last;
    throw error;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Huddle', body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Huddle';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { link: typeof data.link === 'string' ? data.link : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data && event.notification.data.link;
  // Only paths inside Huddle are opened.
  const path = typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          // navigate() works only in a tab this worker controls; otherwise a new tab opens.
          return client
            .navigate(target)
            .then((opened) => (opened || client).focus())
            .catch(() => self.clients.openWindow(target));
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
