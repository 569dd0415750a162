/* global window */
// Runs before the first paint (index.html) so a saved dark scheme never flashes light.
(function () {
  var scheme = 'auto';
  try {
    scheme = window.localStorage.getItem('huddle-color-scheme') || scheme;
  } catch {
    // storage blocked: follow the system
  }
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  window.document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
// The page's first Intl formatter costs a phone ~100 ms (the ICU locale and time zone data load
// once). Made here, before the first paint while the stylesheet downloads, it is not a long task
// in the middle of the app's start (issue 11, decision 021). Only pages that format dates ask for
// it (index.html's data-warm-intl); the sign-in pages do not.
(function () {
  var script = window.document.currentScript;
  if (!script || !script.hasAttribute('data-warm-intl')) return;
  try {
    var dates = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    dates.format(0);
    new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(0);
    // The browser's zone, for the server's next render of an event page ("Your time": the cookie
    // viewerTimeZoneCookie, packages/shared/src/discover-home-page-sources.ts). Written, not read
    // first: a read of document.cookie waits on the browser process, before the first paint.
    var zone = dates.resolvedOptions().timeZone;
    if (zone) {
      window.document.cookie =
        'huddle-time-zone=' + encodeURIComponent(zone) + '; Path=/; Max-Age=31536000; SameSite=Lax';
    }
  } catch {
    // no Intl: the app formats without it
  }
})();
