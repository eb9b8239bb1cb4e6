import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityKeys } from '../../db/schema/index.ts';
import type { IdentityKeys } from './keys.ts';

const ROW_ID = 'default';

/** The one stored set of the built-in provider's keys (PostgreSQL deployments). */
export function createIdentityKeysRepository(db: Db) {
  return {
    async read(): Promise<IdentityKeys | undefined> {
      const [row] = await db.select().from(identityKeys).where(eq(identityKeys.id, ROW_ID));
      return row
        ? { jwks: row.jwks as IdentityKeys['jwks'], cookieKeys: row.cookieKeys as string[] }
        : undefined;
    },

    /** Stores `keys` unless another replica stored its own first; answers the stored ones. */
    async insertOnce(keys: IdentityKeys): Promise<IdentityKeys> {
      await db
        .insert(identityKeys)
        .values({ id: ROW_ID, jwks: keys.jwks, cookieKeys: keys.cookieKeys })
        .onConflictDoNothing();
      return (await this.read())!;
    },

    /** Replaces the stored keys under a row lock, from what `change` makes of the current ones. */
    async update(change: (current: IdentityKeys) => IdentityKeys): Promise<IdentityKeys> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(identityKeys)
          .where(eq(identityKeys.id, ROW_ID))
          .for('update');
        if (!row) throw new Error('No identity keys are stored yet: start the server once.');
        const next = change({
          jwks: row.jwks as IdentityKeys['jwks'],
          cookieKeys: row.cookieKeys as string[],
        });
        await tx
          .update(identityKeys)
          .set({ jwks: next.jwks, cookieKeys: next.cookieKeys, updatedAt: sql`now()` })
          .where(eq(identityKeys.id, ROW_ID));
        return next;
      });
    },
  };
}

export type IdentityKeysRepository = ReturnType<typeof createIdentityKeysRepository>;
