import { createGroupCommit, type GroupCommit } from '../../lib/group-commit.ts';
import type { RateLimitCountersRepository } from './rate-limit-counters.repository.ts';

export interface HitResult {
  /** This request's number within the window (1 = first). */
  count: number;
  /** End of the window, epoch milliseconds. */
  resetAt: number;
}

interface Counter {
  key: string;
  windowEnd: number;
  /** The shared total as of this process's last flush (every replica's hits, ours included). */
  known: number;
  /** This process's hits not yet added to the table. */
  pending: number;
}

/** How often a process adds its hits to the shared table and learns the others'. */
export const RATE_LIMIT_FLUSH_MS = 250;
/** A client is shared with the other replicas once it has used this share of its limit. */
export const SHARE_FROM_FRACTION = 0.25;
const CLEANUP_EVERY_MS = 10 * 60_000;
export interface CounterStore {
  hit(key: string, windowEnd: number, shareFrom: number): HitResult | Promise<HitResult>;
}

/**
 * PostgreSQL: every hit is added to the shared table before the request goes on. Concurrent
 * hits share one upsert (group commit), so replicas agree exactly at the cost of one batched
 * statement per batch of requests.
 */
export class SharedCounterStore implements CounterStore {
  private lastCleanup = Date.now();
  private readonly batches: GroupCommit<{ key: string; resetAt: number }, HitResult>;

  constructor(private readonly counters: RateLimitCountersRepository) {
    this.batches = createGroupCommit(async (hits) => {
      // One row per key: an upsert may touch a row only once per statement.
      const perKey = new Map<string, { key: string; hits: number; resetAt: number }>();
      for (const hit of hits) {
        const entry = perKey.get(hit.key);
        if (entry) {
          entry.hits += 1;
          entry.resetAt = Math.max(entry.resetAt, hit.resetAt);
        } else perKey.set(hit.key, { key: hit.key, hits: 1, resetAt: hit.resetAt });
      }
      const totals = await this.counters.addHits([...perKey.values()]);
      // The batch's hits are the last ones of each total, handed out in arrival order.
      const handedOut = new Map<string, number>();
      const answers = hits.map((hit) => {
        const total = totals.get(hit.key)!;
        const index = handedOut.get(hit.key) ?? 0;
        handedOut.set(hit.key, index + 1);
        return {
          count: total.hits - perKey.get(hit.key)!.hits + index + 1,
          resetAt: total.resetAt,
        };
      });
      if (Date.now() - this.lastCleanup > CLEANUP_EVERY_MS) {
        this.lastCleanup = Date.now();
        await this.counters.removeOld();
      }
      return answers;
    });
  }

  hit(key: string, windowEnd: number): Promise<HitResult> {
    return this.batches.submit({ key, resetAt: windowEnd });
  }
}

/**
 * PGlite: the process that opened the database is the only one counting, so memory is exact.
 * A client that has used a quarter of its limit is also written to `rate_limit_counters` every
 * RATE_LIMIT_FLUSH_MS (one upsert for all such clients), and its stored total read back (so
 * hits written by an earlier run of the process still count). A request never waits for the
 * database, and the many clients that scan once or twice cost no writes at all.
 */
export class LocalCounterStore implements CounterStore {
  /** Counters by window end, so a finished window is dropped whole. */
  private readonly windows = new Map<number, Map<string, Counter>>();
  private readonly dirty = new Set<Counter>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing = false;
  private lastCleanup = Date.now();

  constructor(private readonly counters: RateLimitCountersRepository) {}

  hit(key: string, windowEnd: number, shareFrom: number): HitResult {
    let window = this.windows.get(windowEnd);
    if (!window) {
      const now = Date.now();
      for (const end of this.windows.keys()) if (end <= now) this.windows.delete(end);
      window = new Map();
      this.windows.set(windowEnd, window);
    }
    let counter = window.get(key);
    if (!counter) {
      counter = { key, windowEnd, known: 0, pending: 0 };
      window.set(key, counter);
    }
    counter.pending += 1;
    const count = counter.known + counter.pending;
    if (count >= shareFrom) {
      this.dirty.add(counter);
      this.schedule();
    }
    return { count, resetAt: windowEnd };
  }

  private schedule() {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => void this.flush(), RATE_LIMIT_FLUSH_MS);
    this.timer.unref?.();
  }

  private async flush() {
    this.timer = undefined;
    const now = Date.now();
    const batch = [...this.dirty].filter((c) => c.windowEnd > now && c.pending > 0);
    this.dirty.clear();
    if (!batch.length) return;
    const sent = batch.map((counter) => counter.pending);
    this.flushing = true;
    try {
      const totals = await this.counters.addHits(
        batch.map((counter, index) => ({
          key: counter.key,
          hits: sent[index],
          resetAt: counter.windowEnd,
        })),
      );
      batch.forEach((counter, index) => {
        counter.pending -= sent[index];
        const total = totals.get(counter.key);
        if (total && total.resetAt === counter.windowEnd) counter.known = total.hits;
      });
      if (Date.now() - this.lastCleanup > CLEANUP_EVERY_MS) {
        this.lastCleanup = Date.now();
        await this.counters.removeOld();
      }
    } catch {
      // The database may be closing or briefly away: the hits stay pending for the next flush.
      for (const counter of batch) this.dirty.add(counter);
    } finally {
      this.flushing = false;
      if (this.dirty.size) this.schedule();
    }
  }
}
