import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

/**
 * Failure counters in `rate_limit_counters`, shared by every replica. Each failure moves the
 * counter's end to `windowMs` after it (so `resetAt - windowMs` is the last failure's time); a
 * failure after the end starts again from one.
 */
export function createLoginAttemptsRepository(db: Db) {
  return {
    /** Failures counted in the current window of each key (0 when none or expired). */
    async failures(
      keys: string[],
      now = new Date(),
    ): Promise<Map<string, { hits: number; resetAt: Date }>> {
      const result = new Map<string, { hits: number; resetAt: Date }>();
      for (const key of keys) {
        const [row] = await db
          .select({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt })
          .from(rateLimitCounters)
          .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, now)))
          .limit(1);
        if (row) result.set(key, row);
      }
      return result;
    },

    /** Counts one failure against each key and keeps it until `windowMs` after this one. */
    async recordFailure(keys: string[], windowMs: number, now = new Date()): Promise<void> {
      const resetAt = new Date(now.getTime() + windowMs);
      const at = now.toISOString();
      for (const key of keys) {
        await db
          .insert(rateLimitCounters)
          .values({ key, hits: 1, resetAt })
          .onConflictDoUpdate({
            target: rateLimitCounters.key,
            set: {
              hits: sql`case when ${rateLimitCounters.resetAt} <= ${at}::timestamptz then 1 else ${rateLimitCounters.hits} + 1 end`,
              resetAt: sql`excluded.reset_at`,
            },
          });
      }
    },

    async clear(key: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
