import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { credentials, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export type AccountRow = typeof users.$inferSelect;

class EmailTaken extends Error {}

/** Built-in accounts: a `users` row (subject = its id) plus one `credentials` row. */
export function createAccountsRepository(db: Db) {
  return {
    async findCredentialByEmail(
      email: string,
    ): Promise<{ subject: string; passwordHash: string } | undefined> {
      const [row] = await db
        .select({ subject: users.subject, passwordHash: credentials.passwordHash })
        .from(credentials)
        .innerJoin(users, eq(users.id, credentials.userId))
        .where(eq(credentials.email, email))
        .limit(1);
      return row;
    },

    async findBySubject(subject: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.subject, subject)).limit(1);
      return row;
    },

    /** Creates the user and its credential together; undefined when the e-mail is taken. */
    async create(input: {
      email: string;
      passwordHash: string;
      phone?: string;
    }): Promise<AccountRow | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const id = newId();
          const [user] = await tx
            .insert(users)
            .values({ id, subject: id, email: input.email, phone: input.phone ?? null })
            .returning();
          const inserted = await tx
            .insert(credentials)
            .values({ userId: id, email: input.email, passwordHash: input.passwordHash })
            .onConflictDoNothing({ target: credentials.email })
            .returning({ userId: credentials.userId });
          if (inserted.length === 0) throw new EmailTaken();
          return user;
        });
      } catch (error) {
        if (error instanceof EmailTaken) return undefined;
        throw error;
      }
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
