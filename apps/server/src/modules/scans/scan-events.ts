import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { SCAN_EVENTS_CHANNEL } from './scans.repository.ts';

export interface ScanEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Receives the events of one notification together (a batch's scans), to write them at once. */
export type ScanEventListener = (events: ScanEvent[]) => void;

/**
 * Fans the database's scan notifications out to the owners connected to this process. One LISTEN
 * per process whatever the number of streams; since every replica listens, an owner connected to
 * any replica hears about scans recorded by any other.
 */
export function createScanEventHub(database: Database, log: FastifyBaseLogger) {
  const listenersByOwner = new Map<string, Set<ScanEventListener>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const deliver = (payload: string) => {
    let message: { type?: unknown; ownerId?: unknown; [key: string]: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      log.warn({ payload }, 'ignored a malformed scan event');
      return;
    }
    const { type, ownerId, ...data } = message;
    if (typeof type !== 'string' || typeof ownerId !== 'string') return;
    const listeners = listenersByOwner.get(ownerId);
    if (!listeners) return;
    const events: ScanEvent[] = [{ type, data }];
    for (const listener of listeners) listener(events);
  };

  return {
    /** Starts the process's LISTEN once; resolves when notifications are being received. */
    async ready(): Promise<void> {
      listening ??= database.listen(SCAN_EVENTS_CHANNEL, deliver);
      await listening;
    },

    /** True once this process listens (it keeps listening until closed). */
    isListening(): boolean {
      return listening !== undefined && !closed;
    },

    subscribe(ownerId: string, listener: ScanEventListener): () => void {
      let set = listenersByOwner.get(ownerId);
      if (!set) listenersByOwner.set(ownerId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listenersByOwner.delete(ownerId);
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      listenersByOwner.clear();
      if (listening) {
        const unlisten = await listening.catch(() => undefined);
        await unlisten?.().catch(() => undefined);
      }
    },
  };
}

export type ScanEventHub = ReturnType<typeof createScanEventHub>;
