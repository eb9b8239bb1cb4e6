import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSessionAlive, renewRetryDelayMs, type RenewingManager } from './silent-renew.ts';

function fakeManager() {
  const errorListeners = new Set<(error: Error) => void>();
  const loadedListeners = new Set<() => void>();
  const manager: RenewingManager & { fail(message: string): void; renewed(): void } = {
    signinSilent: vi.fn(async () => undefined),
    events: {
      addSilentRenewError: (callback) => errorListeners.add(callback),
      removeSilentRenewError: (callback) => errorListeners.delete(callback),
      addUserLoaded: (callback) => loadedListeners.add(callback),
      removeUserLoaded: (callback) => loadedListeners.delete(callback),
    },
    fail: (message) => errorListeners.forEach((listener) => listener(new Error(message))),
    renewed: () => loadedListeners.forEach((listener) => listener()),
  };
  return manager;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('keeping a session alive through failed renewals', () => {
  it('waits 2 s, 4 s, 8 s... up to a minute between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(renewRetryDelayMs)).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('tries again after a network failure, backing off, and starts over once renewed', () => {
    const manager = fakeManager();
    const onSessionGone = vi.fn();
    keepSessionAlive(manager, onSessionGone);
    manager.fail('Failed to fetch');
    vi.advanceTimersByTime(1999);
    expect(manager.signinSilent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    manager.fail('Failed to fetch');
    vi.advanceTimersByTime(3999);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
    manager.renewed();
    manager.fail('IFrame timed out without a response');
    vi.advanceTimersByTime(2000);
    expect(manager.signinSilent).toHaveBeenCalledTimes(3);
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('keeps backing off when its own retries fail too', async () => {
    const manager = fakeManager();
    vi.mocked(manager.signinSilent).mockRejectedValue(new Error('Failed to fetch'));
    keepSessionAlive(manager, vi.fn());
    manager.fail('Failed to fetch');
    await vi.advanceTimersByTimeAsync(2000);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3999);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(8000);
    expect(manager.signinSilent).toHaveBeenCalledTimes(3);
  });

  it('asks to sign in again only when the provider says the session has ended', () => {
    const manager = fakeManager();
    const onSessionGone = vi.fn();
    keepSessionAlive(manager, onSessionGone);
    manager.fail('login_required');
    expect(onSessionGone).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(120_000);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('stops when asked', () => {
    const manager = fakeManager();
    const stop = keepSessionAlive(manager, vi.fn());
    manager.fail('Failed to fetch');
    stop();
    vi.advanceTimersByTime(120_000);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });
});
