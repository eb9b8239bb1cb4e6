import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { erasedAccounts, users } from '../../db/schema/index.ts';
import { subjectHash } from '../data-rights/erasure.repository.ts';
import { newId } from '../../lib/ids.ts';

export type UserRow = typeof users.$inferSelect;
export type PlanType = UserRow['plan'];

export function createUsersRepository(db: Db) {
  return {
    async findBySubject(subject: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.subject, subject)).limit(1);
      return row;
    },

    async isErased(subject: string): Promise<boolean> {
      const [row] = await db
        .select({ at: erasedAccounts.erasedAt })
        .from(erasedAccounts)
        .where(eq(erasedAccounts.subjectHash, subjectHash(subject)))
        .limit(1);
      return Boolean(row);
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Creates the user on first sight; a concurrent first call gets the same row. */
    async ensure(input: {
      subject: string;
      email?: string | null;
      emailVerified?: boolean;
      phone?: string | null;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          id: newId(),
          subject: input.subject,
          email: input.email ?? null,
          emailVerified: input.emailVerified ?? false,
          phone: input.phone ?? null,
        })
        .onConflictDoUpdate({
          target: users.subject,
          set: {
            email: sql`coalesce(excluded.email, ${users.email})`,
            emailVerified: sql`excluded.email_verified or ${users.emailVerified}`,
            phone: sql`coalesce(excluded.phone, ${users.phone})`,
          },
        })
        .returning();
      return row;
    },

    async setPlan(id: string, plan: PlanType): Promise<void> {
      await db.update(users).set({ plan }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
