import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The rows of a raw SQL statement, typed by the caller. Both drivers (PGlite and node-postgres)
 * answer `{ rows }`; the one cast from the driver's result type lives here.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: Db,
  statement: SQL,
): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
