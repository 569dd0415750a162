import { notificationEndpoints } from '@huddle/shared/notifications';
import { apiRequest } from '../../../lib/api-client.ts';
import { serviceWorkerUrl } from '../../../lib/service-worker-version.ts';

/** Where the browser stands on push for this site. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The app's one worker (decision 052) hosts push: its registration, by the scope it controls. */
const serviceWorkerScope = '/';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration(serviceWorkerScope);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url (the VAPID public key) to the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Turns push on for this browser (spec §7 push token). Only ever called from the person's click
 * on "Turn on push": the browser's permission prompt comes from that click, never on load.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  // The person asked for push: the worker registers now rather than after the 30 s of spec §9.
  const registration = await navigator.serviceWorker.register(serviceWorkerUrl, { scope: serviceWorkerScope });
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest(notificationEndpoints.pushPublicKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await apiRequest(notificationEndpoints.savePushSubscription, {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return 'on';
}

/** Turns push off for this browser: the server forgets it, and the browser unsubscribes. */
export async function turnOffPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration(serviceWorkerScope);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest(notificationEndpoints.removePushSubscription, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
