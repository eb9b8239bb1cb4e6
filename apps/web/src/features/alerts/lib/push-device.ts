import { runtimeConfig } from '../../../lib/runtime-config.ts';

/** The service worker that shows pushed alerts (public/sw.js); it intercepts no request. */
export const ALERTS_WORKER_URL = '/sw.js';

/** Where this device stands with alerts. */
export type DeviceAlertsState = 'unsupported' | 'denied' | 'off' | 'on';

/** Web Push needs a service worker, the Push API, notifications and the server's key. */
export function canUsePush(vapidPublicKey = runtimeConfig.vapidPublicKey): boolean {
  return (
    !!vapidPublicKey &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The application server key (unpadded base64url, as the server gives it) as bytes. */
export function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** This device's alert subscription, if any (registers nothing). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this device stands now: support, the notification permission and the subscription. */
export async function readDeviceAlertsState(): Promise<DeviceAlertsState> {
  if (!canUsePush()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/**
 * Registers the alerts worker (scope '/') and subscribes this device with the server's key,
 * reusing a subscription made with the same key. Only the signed-in app calls this.
 */
export async function subscribeDevice(vapidPublicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(ALERTS_WORKER_URL, { scope: '/' });
  // Subscribing needs an active worker; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(vapidPublicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (sameBytes(existing.options.applicationServerKey, key)) return existing;
    // Made with an earlier key: the push service would refuse the server's messages.
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
