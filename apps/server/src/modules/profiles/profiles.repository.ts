import type { Profile } from '@carecode/domain/users/user.schema';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

export interface ProfileRow {
  userId: string;
  publicId: string;
  data: Profile;
  updatedAt: Date;
}

export function createProfilesRepository(db: Db) {
  const findByUser = async (userId: string): Promise<ProfileRow | undefined> => {
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return row as ProfileRow | undefined;
  };

  return {
    findByUser,

    async findByPublicId(publicId: string): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(profiles)
        .where(eq(profiles.publicId, publicId))
        .limit(1);
      return row as ProfileRow | undefined;
    },

    /** The user's profile, created empty on first use; concurrent first calls share one row. */
    async ensure(userId: string, publicId: string): Promise<ProfileRow> {
      await db.insert(profiles).values({ userId, publicId, data: {} }).onConflictDoNothing({
        target: profiles.userId,
      });
      return (await findByUser(userId))!;
    },

    /** Replaces the profile data, creating the row (with this public id) if it is missing. */
    async save(userId: string, publicId: string, data: Profile): Promise<ProfileRow> {
      const [row] = await db
        .insert(profiles)
        .values({ userId, publicId, data })
        .onConflictDoUpdate({ target: profiles.userId, set: { data, updatedAt: sql`now()` } })
        .returning();
      return row as ProfileRow;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
