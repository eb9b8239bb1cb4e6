import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type RateLimitCountersRepository = ReturnType<typeof createRateLimitCountersRepository>;

type CounterRow = {
  key: string;
  hits: number;
  reset_ms: number;
};

/** The shared counters behind the rate limits (`rate_limit_counters`, keys `rl:{name}:{client}`). */
export function createRateLimitCountersRepository(database: Database) {
  return {
    /** Adds hits to the table and answers the new totals (one statement for many keys). */
    async addHits(
      hits: { key: string; hits: number; resetAt: number }[],
    ): Promise<Map<string, { hits: number; resetAt: number }>> {
      const input = JSON.stringify(
        hits.map((entry) => ({ ...entry, resetAt: new Date(entry.resetAt).toISOString() })),
      );
      // A later window restarts the count; the same (or an older, clock-skewed) one adds to it.
      const rows = await queryRows<CounterRow>(
        database.db,
        sql`
        insert into rate_limit_counters (key, hits, reset_at)
        select e->>'key', (e->>'hits')::int, (e->>'resetAt')::timestamptz
        from jsonb_array_elements(${input}::jsonb) as e
        on conflict (key) do update set
          hits = case when rate_limit_counters.reset_at < excluded.reset_at then excluded.hits
                      else rate_limit_counters.hits + excluded.hits end,
          reset_at = greatest(rate_limit_counters.reset_at, excluded.reset_at)
        returning key, hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
      );
      return new Map(
        rows.map((row) => [row.key, { hits: Number(row.hits), resetAt: Number(row.reset_ms) }]),
      );
    },

    /** Drops counters whose window ended more than ten minutes ago. */
    async removeOld() {
      await database.db.execute(
        sql`delete from rate_limit_counters where key like 'rl:%' and reset_at < now() - interval '10 minutes'`,
      );
    },
  };
}
