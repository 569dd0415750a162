/**
 * The service worker rules of spec §4 and §9 (decision 052), run from main.tsx once the page has loaded:
 *
 * - At start, registrations of another version (an older Huddle worker, or anything else on this
 *   origin) are unregistered, and the page reloads once if any were found, so it runs free of them.
 *   Only other versions: the current one is what this page registers, and unregistering it at
 *   every start would reload every page and end the person's push subscription. The reload happens
 *   at most once per version and tab (sessionStorage), so a registration that will not go away
 *   cannot make the page loop.
 * - Outside development, the current version registers once the app has been stable for
 *   30 000 ms: the page has loaded and then 30 s have passed (spec §9). Its code loads only then.
 *
 * Small on purpose: it is in the first load of every app page (decision 021).
 */

import { serviceWorkerStableDelayMs, serviceWorkerUrl, serviceWorkerVersion } from './service-worker-version.ts';

const reloadedKey = 'huddle-sw-reloaded';

type WorkerContainer = Pick<ServiceWorkerContainer, 'getRegistrations'>;

function isCurrent(registration: ServiceWorkerRegistration, origin: string): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  return worker !== null && worker.scriptURL === new URL(serviceWorkerUrl, origin).href;
}

/**
 * Unregisters every registration that is not the current version's. Resolves true when the page
 * is reloading (some were found, and this tab has not reloaded for this version yet).
 */
export async function removeOtherWorkers(
  container: WorkerContainer,
  { origin, storage, reload }: { origin: string; storage: Pick<Storage, 'getItem' | 'setItem'>; reload: () => void },
): Promise<boolean> {
  const others = (await container.getRegistrations()).filter((registration) => !isCurrent(registration, origin));
  if (others.length === 0) return false;
  await Promise.all(others.map((registration) => registration.unregister().catch(() => false)));
  if (storage.getItem(reloadedKey) === String(serviceWorkerVersion)) return false;
  storage.setItem(reloadedKey, String(serviceWorkerVersion));
  reload();
  return true;
}

/** Calls back once the page has loaded and then stayed up for `delayMs` (spec §4 "stable"). */
export function whenStable(
  target: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'readyState'> },
  delayMs: number,
  callback: () => void,
): void {
  const wait = () => setTimeout(callback, delayMs);
  if (target.document.readyState === 'complete') wait();
  else target.addEventListener('load', wait, { once: true });
}

/** main.tsx's call: the cleanup at start everywhere, the registration when stable in production only. */
export function startServiceWorker({ production }: { production: boolean }): void {
  let container: ServiceWorkerContainer | undefined;
  try {
    container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  } catch {
    // Some browsers throw here when site data is blocked: handled when it is time to register.
  }
  const cleanup = container
    ? removeOtherWorkers(container, {
        origin: window.location.origin,
        storage: window.sessionStorage,
        reload: () => window.location.reload(),
      }).catch(() => false)
    : Promise.resolve(false);
  if (!production) return;
  void cleanup.then((reloading) => {
    if (reloading) return;
    whenStable(window, serviceWorkerStableDelayMs, () => {
      void import('./service-worker-registration.ts').then((module) => module.registerServiceWorker());
    });
  });
}
