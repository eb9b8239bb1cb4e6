import { ANONYMOUS_SESSION_ERRORS } from './auth.ts';

/** What the retry needs of the sign-in library's UserManager. */
export interface RenewingManager {
  signinSilent(): Promise<unknown>;
  events: {
    addSilentRenewError(callback: (error: Error) => void): void;
    removeSilentRenewError(callback: (error: Error) => void): void;
    addUserLoaded(callback: () => void): void;
    removeUserLoaded(callback: () => void): void;
  };
}

/** Waits between renewal attempts: 2 s, 4 s, 8 s... at most a minute. */
export const renewRetryDelayMs = (attempt: number) => Math.min(2000 * 2 ** (attempt - 1), 60_000);

/** True when the provider says the session has ended (not a network or server hiccup). */
export const isSessionGone = (error: Error) =>
  [...ANONYMOUS_SESSION_ERRORS, 'invalid_grant'].some((code) => error.message.includes(code));

/**
 * Keeps a signed-in page alive through a failed silent renewal (a dropped network, a server
 * restart): the renewal is tried again with back-off while the page stays as it is. Only when
 * the provider says the session has ended is `onSessionGone` called (to sign in again and come
 * back to the same path). Answers a function that stops it.
 */
export function keepSessionAlive(
  manager: RenewingManager,
  onSessionGone: () => void,
  // Called as plain functions: a browser refuses setTimeout called as a method of another object.
  timers: {
    set: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
    clear: (timer: ReturnType<typeof setTimeout> | undefined) => void;
  } = {
    set: (callback, ms) => setTimeout(callback, ms),
    clear: (timer) => clearTimeout(timer),
  },
): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const onError = (error: Error) => {
    if (stopped) return;
    timers.clear(timer);
    if (isSessionGone(error)) {
      onSessionGone();
      return;
    }
    attempt += 1;
    timer = timers.set(() => {
      // A renewal asked for here reports its failure to its caller, not to the renew error event.
      manager.signinSilent().catch((retryError: unknown) => {
        onError(retryError instanceof Error ? retryError : new Error(String(retryError)));
      });
    }, renewRetryDelayMs(attempt));
  };
  const onRenewed = () => {
    attempt = 0;
    timers.clear(timer);
  };
  manager.events.addSilentRenewError(onError);
  manager.events.addUserLoaded(onRenewed);
  return () => {
    stopped = true;
    timers.clear(timer);
    manager.events.removeSilentRenewError(onError);
    manager.events.removeUserLoaded(onRenewed);
  };
}
