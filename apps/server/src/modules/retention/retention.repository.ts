import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** Rows changed per transaction: a long backlog is worked off in short transactions. */
const CHUNK = 5_000;

/** A key for PostgreSQL's advisory lock: one replica at a time runs the retention job. */
const RETENTION_LOCK = 730_090;

export function createRetentionRepository(db: Db) {
  /**
   * One chunk in a transaction of its own that first takes the job's advisory lock: answers the
   * rows changed, or undefined while another replica holds the lock.
   */
  const chunk = (statement: SQL) =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [{ locked }] = await queryRows<{ locked: boolean }>(
        t,
        sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`,
      );
      if (!locked) return undefined;
      return (await queryRows<{ id: string }>(t, statement)).length;
    });

  /** Chunks until one changes fewer than CHUNK rows; undefined when the lock was held elsewhere. */
  const inChunks = async (statement: SQL) => {
    let total = 0;
    for (;;) {
      const changed = await chunk(statement);
      if (changed === undefined) return undefined;
      total += changed;
      if (changed < CHUNK) return total;
    }
  };

  return {
    /**
     * Erases the locations of scans older than `locationsBefore` and deletes scans older than
     * `scansBefore`; undefined when another replica is doing it.
     */
    async apply(
      locationsBefore: Date,
      scansBefore: Date,
    ): Promise<{ locations: number; scans: number } | undefined> {
      const locations = await inChunks(
        sql`update scans set latitude = null, longitude = null, gps_enabled = false
            where id in (
              select id from scans
              where latitude is not null
                and scanned_at < ${locationsBefore.toISOString()}::timestamptz
              limit ${CHUNK})
            returning id`,
      );
      if (locations === undefined) return undefined;
      const scans = await inChunks(
        sql`delete from scans where id in (
              select id from scans where scanned_at < ${scansBefore.toISOString()}::timestamptz
              limit ${CHUNK})
            returning id`,
      );
      if (scans === undefined) return undefined;
      return { locations, scans };
    },
  };
}
