// A stand-in for the browser's Web Push parts (service worker container, PushManager,
// Notification), so the device-alerts tests can put the browser in each state.
import { vi } from 'vitest';
import { keyBytes } from '../features/alerts/lib/push-device.ts';
import { runtimeConfig } from '../lib/runtime-config.ts';

/** An application server key as the server would give it (65 bytes, base64url). */
export const VAPID_KEY = `B${'A'.repeat(86)}`;
export const ENDPOINT = 'https://push.example.com/send/device-1';

export const subscriptionJson = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

export interface FakePushDevice {
  /** What `Notification.requestPermission()` answers. */
  requestAnswer: NotificationPermission;
  register: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  requestPermission: ReturnType<typeof vi.fn>;
  isSubscribed: () => boolean;
}

/**
 * Puts Web Push in the browser: the notification permission, whether the alerts worker is
 * registered and this device subscribed, and the server's key in the runtime configuration.
 */
export function stubPushDevice({
  permission = 'default',
  isSubscribed = false,
  requestAnswer = 'granted',
  vapidPublicKey = VAPID_KEY,
}: {
  permission?: NotificationPermission;
  isSubscribed?: boolean;
  requestAnswer?: NotificationPermission;
  vapidPublicKey?: string | null;
} = {}): FakePushDevice {
  runtimeConfig.vapidPublicKey = vapidPublicKey;
  let subscribed = isSubscribed;
  let registered = isSubscribed;
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: keyBytes(vapidPublicKey ?? VAPID_KEY).buffer },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      subscribed = false;
      return true;
    }),
  };
  const registration = {
    scope: 'http://localhost:3000/',
    pushManager: {
      getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
      subscribe: vi.fn(async () => {
        subscribed = true;
        return subscription;
      }),
    },
  };
  const register = vi.fn(async () => {
    registered = true;
    return registration;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      getRegistration: vi.fn(async () => (registered ? registration : undefined)),
      get ready() {
        return Promise.resolve(registration);
      },
    },
  });
  const device: FakePushDevice = {
    requestAnswer,
    register,
    subscribe: registration.pushManager.subscribe,
    unsubscribe: subscription.unsubscribe,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = device.requestAnswer;
      return device.requestAnswer;
    }),
    isSubscribed: () => subscribed,
  };
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = device.requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  return device;
}

/** A browser without Web Push (as jsdom is), and no server key. */
export function removePushDevice() {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  runtimeConfig.vapidPublicKey = null;
}
