import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema/index.ts';

export function createEmailVerificationRepository(db: Db) {
  return {
    async insert(row: { tokenHash: string; userId: string; email: string; expiresAt: Date }) {
      await db.insert(emailVerifications).values(row);
    },

    /**
     * Uses a link: marks it used and the account's address verified, in one transaction, when
     * the link is unused, unexpired and still for the account's current address. Answers the
     * account id, or undefined.
     */
    async consume(tokenHash: string, now: Date): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [link] = await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailVerifications.tokenHash, tokenHash),
              isNull(emailVerifications.usedAt),
              gt(emailVerifications.expiresAt, now),
            ),
          )
          .returning();
        if (!link) return undefined;
        const [user] = await tx
          .update(users)
          .set({ emailVerified: true })
          .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${link.email})`))
          .returning({ id: users.id });
        return user?.id;
      });
    },

    async findUser(userId: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
