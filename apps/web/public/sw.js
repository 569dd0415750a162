/* global self */
/* Huddle's service worker (issue 12): shows a web push and opens its page when clicked.
   Registered only after the person clicks "Turn on push". */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: '/favicon.svg',
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
