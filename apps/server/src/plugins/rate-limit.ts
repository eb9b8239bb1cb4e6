import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createGroupCommit, type GroupCommit } from '../lib/group-commit.ts';

export interface RateLimitOptions {
  /** Names the counter; keys are `rl:{name}:{client}`. */
  name: string;
  /** Requests allowed per window and client. */
  max: number;
  windowSeconds: number;
  /** The client a request counts against; default its address (IPv6 by /64). */
  keyOf?: (request: FastifyRequest) => string;
}

/**
 * A preHandler that answers 429 `{ message }` with Retry-After once a client has made more than
 * `max` requests in the current fixed window. Off when RATE_LIMITS=off.
 *
 * Counters live in `rate_limit_counters`, exact and shared by every replica:
 * - on PostgreSQL (one or many replicas) concurrent hits are group-committed: one upsert per
 *   batch for all its keys, each request learning its exact place in the window from the total;
 * - on the embedded PGlite database, which only one process can open, the process counts in
 *   memory (exact, as it is the only one) and writes busy clients to the table in the background,
 *   so the hot scan path never waits for a counter write.
 */
export function rateLimit(options: RateLimitOptions) {
  const windowMs = options.windowSeconds * 1000;
  const keyOf = options.keyOf ?? ((request: FastifyRequest) => clientAddressKey(request.ip));
  const shareFrom = Math.max(1, Math.ceil(options.max * SHARE_FROM_FRACTION));
  return async function rateLimitPreHandler(request: FastifyRequest, reply: FastifyReply) {
    const app = request.server;
    if (!app.config.rateLimits) return;
    const now = Date.now();
    const windowEnd = Math.floor(now / windowMs) * windowMs + windowMs;
    const result = await counterStore(app.database).hit(
      `rl:${options.name}:${keyOf(request)}`,
      windowEnd,
      shareFrom,
    );
    if (result.count > options.max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((result.resetAt - now) / 1000))));
      throw new AppError('RATE_LIMITED');
    }
  };
}

/** IPv4 as is (also when mapped into IPv6); IPv6 by its /64 network, which one client holds. */
export function clientAddressKey(ip: string): string {
  const address = ip.toLowerCase();
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

interface HitResult {
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
interface CounterStore {
  hit(key: string, windowEnd: number, shareFrom: number): HitResult | Promise<HitResult>;
}

const stores = new WeakMap<Database, CounterStore>();

function counterStore(database: Database): CounterStore {
  let store = stores.get(database);
  if (!store) {
    store =
      database.kind === 'pglite'
        ? new LocalCounterStore(database)
        : new SharedCounterStore(database);
    stores.set(database, store);
  }
  return store;
}

/** Adds hits to the table and answers the new totals (one statement for many keys). */
async function addHits(
  database: Database,
  hits: { key: string; hits: number; resetAt: number }[],
): Promise<Map<string, { hits: number; resetAt: number }>> {
  const input = JSON.stringify(
    hits.map((entry) => ({ ...entry, resetAt: new Date(entry.resetAt).toISOString() })),
  );
  // A later window restarts the count; the same (or an older, clock-skewed) one adds to it.
  const result = (await database.db.execute(sql`
    insert into rate_limit_counters (key, hits, reset_at)
    select e->>'key', (e->>'hits')::int, (e->>'resetAt')::timestamptz
    from jsonb_array_elements(${input}::jsonb) as e
    on conflict (key) do update set
      hits = case when rate_limit_counters.reset_at < excluded.reset_at then excluded.hits
                  else rate_limit_counters.hits + excluded.hits end,
      reset_at = greatest(rate_limit_counters.reset_at, excluded.reset_at)
    returning key, hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`)) as unknown as {
    rows: { key: string; hits: number; reset_ms: number }[];
  };
  return new Map(
    result.rows.map((row) => [row.key, { hits: Number(row.hits), resetAt: Number(row.reset_ms) }]),
  );
}

async function removeOldCounters(database: Database) {
  await database.db.execute(
    sql`delete from rate_limit_counters where key like 'rl:%' and reset_at < now() - interval '10 minutes'`,
  );
}

/**
 * PostgreSQL: every hit is added to the shared table before the request goes on. Concurrent
 * hits share one upsert (group commit), so replicas agree exactly at the cost of one batched
 * statement per batch of requests.
 */
class SharedCounterStore implements CounterStore {
  private lastCleanup = Date.now();
  private readonly batches: GroupCommit<{ key: string; resetAt: number }, HitResult>;

  constructor(private readonly database: Database) {
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
      const totals = await addHits(this.database, [...perKey.values()]);
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
        await removeOldCounters(this.database);
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
class LocalCounterStore implements CounterStore {
  /** Counters by window end, so a finished window is dropped whole. */
  private readonly windows = new Map<number, Map<string, Counter>>();
  private readonly dirty = new Set<Counter>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing = false;
  private lastCleanup = Date.now();

  constructor(private readonly database: Database) {}

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
      const totals = await addHits(
        this.database,
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
        await removeOldCounters(this.database);
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
