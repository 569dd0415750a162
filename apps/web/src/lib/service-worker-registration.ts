import { notifications } from '@mantine/notifications';
import { serviceWorkerUrl } from './service-worker-version.ts';

/**
 * Spec §8's service-worker-disabled message (its text is not given: ours, decision 052). Shown
 * when the browser refuses the worker: site data blocked, a private window that allows none.
 */
export const serviceWorkerBlockedTitle = 'Offline use is off';
export const serviceWorkerBlockedMessage =
  'Your browser blocked Huddle’s service worker, so Huddle will not open without a connection and push notifications cannot arrive. Allow site data for Huddle in your browser’s settings to turn them on.';
/** Spec §9: most snackbars stay 5000 ms. */
const messageMs = 5_000;

/** Whether a failed registration is the browser refusing (not a network failure fetching the script). */
export function isBlockedByBrowser(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'SecurityError' || error.name === 'NotSupportedError');
}

/** Registers the current worker (or returns the registration push already made); tells the person when blocked. */
export async function registerServiceWorker(
  show: (blocked: { title: string; message: string }) => void = (blocked) =>
    notifications.show({ color: 'red', autoClose: messageMs, ...blocked }),
): Promise<ServiceWorkerRegistration | null> {
  try {
    return await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' });
  } catch (error) {
    if (isBlockedByBrowser(error)) show({ title: serviceWorkerBlockedTitle, message: serviceWorkerBlockedMessage });
    else console.warn('Huddle: the service worker did not register', error);
    return null;
  }
}
