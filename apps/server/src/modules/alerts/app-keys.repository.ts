import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** Keys generated once and shared by every replica on PostgreSQL (`app_keys`, by name). */
export function createAppKeysRepository(db: Db) {
  const read = async <T>(name: string): Promise<T | undefined> =>
    (await queryRows<{ value: T }>(db, sql`select value from app_keys where name = ${name}`))[0]
      ?.value;
  return {
    read,
    /** Stores `value` unless a value was stored first; answers the stored one. */
    async insertOnce<T>(name: string, value: T): Promise<T> {
      await db.execute(
        sql`insert into app_keys (name, value) values (${name}, ${JSON.stringify(value)}::jsonb)
            on conflict (name) do nothing`,
      );
      return (await read<T>(name))!;
    },
  };
}
