import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is drawn on the server and while the browser hydrates that markup, true
 * from the render after: what depends on the browser (its storage, its script) is drawn then, so
 * the hydrating render matches the server's markup.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/** A value read from the browser (storage, say), the server's `fallback` until hydrated. */
export function useBrowserValue<T>(read: () => T, fallback: T): T {
  return useSyncExternalStore(subscribe, read, () => fallback);
}
