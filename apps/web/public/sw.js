// CareCode's service worker: it shows the alerts pushed to this device and opens the page an
// alert points to. It has no fetch handler on purpose: it never intercepts or caches a request
// (API answers included), so the app and the scan page load exactly as without it.

const FALLBACK_URL = '/dashboard';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A same-origin path to open; anything else (another site, a broken value) opens the dashboard. */
function pathOf(url) {
  try {
    const target = new URL(
      typeof url === 'string' && url ? url : FALLBACK_URL,
      self.location.origin,
    );
    if (target.origin !== self.location.origin) return FALLBACK_URL;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return FALLBACK_URL;
  }
}

/** The pushed message `{title, body, url, tag}`; a text that is not JSON becomes the body. */
function readMessage(data) {
  if (!data) return {};
  try {
    const message = data.json();
    return message && typeof message === 'object' ? message : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : 'CareCode';
  const tag = typeof message.tag === 'string' && message.tag ? message.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icon-192.png',
      badge: '/badge-96.png',
      data: { url: pathOf(message.url) },
      // A repeated tag replaces the earlier notification; renotify makes it alert again.
      ...(tag ? { tag, renotify: true } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(pathOf(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      // Only windows this worker controls can be navigated.
      const windows = await self.clients.matchAll({ type: 'window' });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const focused = await open.focus();
          await (focused ?? open).navigate(url);
          return;
        } catch {
          // Fall through to a new window.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
