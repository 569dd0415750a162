/** Raise when the worker changes in a way older registrations must not outlive (caches, scope; decision 052). */
export const serviceWorkerVersion = 2;
/** The app's one service worker (public/sw.js), by its versioned URL. */
export const serviceWorkerUrl = `/sw.js?v=${serviceWorkerVersion}`;
/** Spec §9: the service worker registers after 30000 ms stable. */
export const serviceWorkerStableDelayMs = 30_000;
