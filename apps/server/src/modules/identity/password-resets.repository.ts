import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { credentials, oidcModels, passwordResets } from '../../db/schema/index.ts';

/** The provider's records that keep a browser or app signed in. */
const SESSION_MODELS = ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode'];

export function createPasswordResetsRepository(db: Db) {
  return {
    /** The account (id, which is also its subject) of a built-in sign-in e-mail, if any. */
    async findAccountByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: credentials.userId })
        .from(credentials)
        .where(eq(credentials.email, email))
        .limit(1);
      return row?.userId;
    },

    async insert(row: { tokenHash: string; userId: string; expiresAt: Date }) {
      await db.insert(passwordResets).values(row);
    },

    /**
     * Uses a link and sets the new password hash, in one transaction; answers the account id,
     * or undefined for a used, expired or unknown link.
     */
    async consume(tokenHash: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [link] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning();
        if (!link) return undefined;
        await tx
          .update(credentials)
          .set({ passwordHash })
          .where(eq(credentials.userId, link.userId));
        return link.userId;
      });
    },

    /** Signs the account out everywhere: its sessions, grants and refresh tokens are removed. */
    async endSessions(accountId: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(
          and(
            inArray(oidcModels.model, SESSION_MODELS),
            sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
          ),
        );
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
