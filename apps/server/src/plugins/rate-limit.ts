import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createGroupCommit, type GroupCommit } from '../lib/group-commit.ts';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

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
 * Counters live in `rate_limit_counters`, so every replica shares them. To keep hot paths fast,
 * concurrent hits are group-committed: one upsert per batch for all the keys in it, and each
 * request learns its exact position in its window from the returned total.
 */
export function rateLimit(options: RateLimitOptions) {
  const windowMs = options.windowSeconds * 1000;
  const keyOf = options.keyOf ?? ((request: FastifyRequest) => clientAddressKey(request.ip));
  return async function rateLimitPreHandler(request: FastifyRequest, reply: FastifyReply) {
    const app = request.server;
    if (!app.config.rateLimits) return;
    const now = Date.now();
    const windowEnd = Math.floor(now / windowMs) * windowMs + windowMs;
    const result = await counterStore(app.database).hit({
      key: `rl:${options.name}:${keyOf(request)}`,
      resetAt: windowEnd,
    });
    if (result.count > options.max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((result.resetAt - now) / 1000))));
      throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE);
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

interface Hit {
  key: string;
  /** End of the window, epoch milliseconds. */
  resetAt: number;
}

interface HitResult {
  /** This request's number within the window (1 = first). */
  count: number;
  resetAt: number;
}

interface CounterStore {
  hit(hit: Hit): Promise<HitResult>;
}

const CLEANUP_EVERY_MS = 10 * 60_000;
const stores = new WeakMap<Database, CounterStore>();

function counterStore(database: Database): CounterStore {
  let store = stores.get(database);
  if (!store) {
    store = createCounterStore(database);
    stores.set(database, store);
  }
  return store;
}

function createCounterStore(database: Database): CounterStore {
  let lastCleanup = Date.now();
  const batches: GroupCommit<Hit, HitResult> = createGroupCommit(async (hits) => {
    // One row per key: the upsert may touch a row only once per statement.
    const perKey = new Map<string, { hits: number; resetAt: number }>();
    for (const hit of hits) {
      const entry = perKey.get(hit.key);
      if (entry) {
        entry.hits += 1;
        entry.resetAt = Math.max(entry.resetAt, hit.resetAt);
      } else perKey.set(hit.key, { hits: 1, resetAt: hit.resetAt });
    }
    const input = JSON.stringify(
      [...perKey].map(([key, entry]) => ({
        key,
        hits: entry.hits,
        resetAt: new Date(entry.resetAt).toISOString(),
      })),
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
    const totals = new Map<string, { hits: number; resetAt: number }>();
    for (const row of result.rows) {
      totals.set(row.key, { hits: Number(row.hits), resetAt: Number(row.reset_ms) });
    }
    // Hand out positions in arrival order: the batch's hits are the last `entry.hits` of the total.
    const handedOut = new Map<string, number>();
    const answers = hits.map((hit) => {
      const total = totals.get(hit.key)!;
      const added = perKey.get(hit.key)!.hits;
      const index = handedOut.get(hit.key) ?? 0;
      handedOut.set(hit.key, index + 1);
      return { count: total.hits - added + index + 1, resetAt: total.resetAt };
    });
    if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = Date.now();
      await database.db.execute(
        sql`delete from rate_limit_counters where key like 'rl:%' and reset_at < now() - interval '10 minutes'`,
      );
    }
    return answers;
  });
  return { hit: (hit) => batches.submit(hit) };
}
