import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const workerSource = readFileSync(path.join(webDir, 'public/sw.js'), 'utf8');
const ORIGIN = 'https://carecode.example';

type Listener = (event: unknown) => void;

/** Runs public/sw.js against a stand-in worker scope and returns what it listens to. */
function loadWorker({ windows = [] as { url: string }[] } = {}) {
  const listeners = new Map<string, Listener[]>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const clientWindows = windows.map((window) => ({
    ...window,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: vi.fn(async () => null),
  }));
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => clientWindows),
      openWindow,
    },
    skipWaiting: vi.fn(async () => undefined),
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  new Function('self', workerSource)(scope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    for (const listener of listeners.get(type) ?? []) {
      listener({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    }
    await Promise.all(pending);
  };
  return { listeners, dispatch, showNotification, openWindow, clientWindows };
}

const pushEvent = (payload: unknown) => ({
  data: {
    json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
    text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
  },
});

describe('the alerts service worker (public/sw.js)', () => {
  it('never handles fetch: it listens to install, activate, push and notificationclick only', () => {
    const { listeners } = loadWorker();
    expect([...listeners.keys()].sort()).toEqual([
      'activate',
      'install',
      'notificationclick',
      'push',
    ]);
    // Nor by any other spelling: no fetch listener, onfetch, caches or request interception.
    expect(workerSource).not.toMatch(/['"`]fetch['"`]|\bonfetch\b|\bcaches\s*\.|respondWith/);
  });

  it('shows a pushed alert with its title, body, tag, icon, badge and the page to open', async () => {
    const { dispatch, showNotification } = loadWorker();
    await dispatch(
      'push',
      pushEvent({
        title: 'Your QR code was scanned',
        body: 'Blue suitcase, just now',
        url: '/qr-data/qr-1',
        tag: 'scan-qr-1',
      }),
    );
    expect(showNotification).toHaveBeenCalledWith('Your QR code was scanned', {
      body: 'Blue suitcase, just now',
      icon: '/icon-192.png',
      badge: '/badge-96.png',
      data: { url: '/qr-data/qr-1' },
      tag: 'scan-qr-1',
      renotify: true,
    });
    expect(existsSync(path.join(webDir, 'public/icon-192.png'))).toBe(true);
    expect(existsSync(path.join(webDir, 'public/badge-96.png'))).toBe(true);
  });

  it('keeps other sites out of the page to open, and shows a message without a tag', async () => {
    const { dispatch, showNotification } = loadWorker();
    await dispatch('push', pushEvent({ title: 'Hi', body: 'x', url: 'https://evil.example/' }));
    expect(showNotification).toHaveBeenCalledWith('Hi', {
      body: 'x',
      icon: '/icon-192.png',
      badge: '/badge-96.png',
      data: { url: '/dashboard' },
    });
  });

  it('focuses an open window of the app on a click and takes it to the alert page', async () => {
    const { dispatch, openWindow, clientWindows } = loadWorker({
      windows: [{ url: 'https://other.example/' }, { url: `${ORIGIN}/dashboard` }],
    });
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { url: '/qr-data/qr-1' } },
    });
    expect(close).toHaveBeenCalledOnce();
    expect(clientWindows[1].focus).toHaveBeenCalledOnce();
    expect(clientWindows[1].navigate).toHaveBeenCalledWith(`${ORIGIN}/qr-data/qr-1`);
    expect(clientWindows[0].navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the app is open', async () => {
    const { dispatch, openWindow } = loadWorker();
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/qr-data/qr-2' } },
    });
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/qr-data/qr-2`);
  });
});

/** Relative imports of a source file, resolved to files. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [
    ...source.matchAll(
      /(?:import|export)[^'"`]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    ),
  ]
    .map((match) => path.resolve(path.dirname(file), match[1] ?? match[2]))
    .filter((target) => /\.(ts|tsx)$/.test(target) && existsSync(target));
}

describe('the scan entry', () => {
  it('has nothing to do with the service worker (in scan-main.tsx and all it imports)', () => {
    const seen = new Set<string>();
    const queue = [path.join(webDir, 'src/scan-main.tsx')];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...importsOf(file));
    }
    const scanFolder = path.join(webDir, 'src/app/scan');
    expect([...seen].some((file) => file.startsWith(scanFolder))).toBe(true);
    const offending = [...seen].filter((file) =>
      /serviceWorker|sw\.js/.test(readFileSync(file, 'utf8')),
    );
    expect(offending.map((file) => path.relative(webDir, file))).toEqual([]);
  });
});
