import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oidcModels } from '../../db/schema/index.ts';

export interface StoredModel {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/** Storage of the provider's models (sessions, grants, codes, tokens...) in `oidc_models`. */
export function createOidcModelsRepository(db: Db) {
  const live = (now: Date) => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, now));
  const findWhere = async (model: string, where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, model), where, live(new Date())))
      .limit(1);
    return row
      ? { payload: row.payload as Record<string, unknown>, consumedAt: row.consumedAt }
      : undefined;
  };

  return {
    async upsert(
      model: string,
      id: string,
      payload: Record<string, unknown>,
      expiresAt: Date | null,
    ): Promise<void> {
      const values = {
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt,
        consumedAt: null,
      };
      await db
        .insert(oidcModels)
        .values({ model, id, ...values })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
    },

    find: (model: string, id: string): Promise<StoredModel | undefined> =>
      findWhere(model, eq(oidcModels.id, id)),

    findByUid: (model: string, uid: string): Promise<StoredModel | undefined> =>
      findWhere(model, eq(oidcModels.uid, uid)),

    findByUserCode: (model: string, userCode: string): Promise<StoredModel | undefined> =>
      findWhere(model, eq(oidcModels.userCode, userCode)),

    async consume(model: string, id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
    },

    async destroy(model: string, id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
    },

    async revokeByGrantId(model: string, grantId: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.grantId, grantId)));
    },

    /** Housekeeping: expired rows are never answered, this only frees the space. */
    async deleteExpired(now = new Date()): Promise<number> {
      const rows = await db
        .delete(oidcModels)
        .where(lte(oidcModels.expiresAt, now))
        .returning({ id: oidcModels.id });
      return rows.length;
    },
  };
}

export type OidcModelsRepository = ReturnType<typeof createOidcModelsRepository>;
