import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import {
  LocalCounterStore,
  SHARE_FROM_FRACTION,
  SharedCounterStore,
  type CounterStore,
} from './counter-store.ts';
import { createRateLimitCountersRepository } from './rate-limit-counters.repository.ts';

export interface RateLimitOptions {
  /** Names the counter; keys are `rl:{name}:{client}`. */
  name: string;
  /** Requests allowed per window and client. */
  max: number;
  windowSeconds: number;
  /** The client a request counts against; default its address (IPv6 by /64). */
  keyOf?: (request: FastifyRequest) => string;
}

/** Answers a request past its limit; by default the error model's 429 with `params.seconds`. */
export type LimitedResponder = (
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterSeconds: number,
) => Promise<unknown> | unknown;

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits' counters (one store per app, shared by its routes). */
    rateLimitCounters: CounterStore;
  }
}

/**
 * Counters live in `rate_limit_counters`, exact and shared by every replica:
 * - on PostgreSQL (one or many replicas) concurrent hits are group-committed: one upsert per
 *   batch for all its keys, each request learning its exact place in the window from the total;
 * - on the embedded PGlite database, which only one process can open, the process counts in
 *   memory (exact, as it is the only one) and writes busy clients to the table in the background,
 *   so the hot scan path never waits for a counter write.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const counters = createRateLimitCountersRepository(app.database);
    const store: CounterStore =
      app.database.kind === 'pglite'
        ? new LocalCounterStore(counters)
        : new SharedCounterStore(counters);
    app.decorate('rateLimitCounters', store);
  },
  { name: 'rate-limit', dependencies: ['database'] },
);

/**
 * A preHandler that stops a client past any of `limits` in the current fixed window: with
 * Retry-After and, by default, the error model's 429 (`RATE_LIMITED`, `params.seconds`). A
 * request past a limit goes no further, so nothing it would have recorded is recorded. Off when
 * RATE_LIMITS=off.
 */
export function rateLimit(
  limits: RateLimitOptions | readonly RateLimitOptions[],
  onLimited?: LimitedResponder,
) {
  const checks = (Array.isArray(limits) ? limits : [limits]).map((options: RateLimitOptions) => ({
    name: options.name,
    max: options.max,
    windowMs: options.windowSeconds * 1000,
    keyOf: options.keyOf ?? ((request: FastifyRequest) => clientAddressKey(request.ip)),
    shareFrom: Math.max(1, Math.ceil(options.max * SHARE_FROM_FRACTION)),
  }));
  return async function rateLimitPreHandler(request: FastifyRequest, reply: FastifyReply) {
    const app = request.server;
    if (!app.config.rateLimits) return;
    const now = Date.now();
    for (const check of checks) {
      const windowEnd = Math.floor(now / check.windowMs) * check.windowMs + check.windowMs;
      const result = await app.rateLimitCounters.hit(
        `rl:${check.name}:${check.keyOf(request)}`,
        windowEnd,
        check.shareFrom,
      );
      if (result.count > check.max) {
        const seconds = Math.max(1, Math.ceil((result.resetAt - now) / 1000));
        reply.header('retry-after', String(seconds));
        if (onLimited) return onLimited(request, reply, seconds);
        throw new AppError('RATE_LIMITED', { params: { seconds } });
      }
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
