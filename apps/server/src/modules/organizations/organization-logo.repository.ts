import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { recordAudit } from './audit.ts';

/** An organisation's logo in the database: set, removed and read, each change with its audit line. */
export function createOrganizationLogoRepository(db: Db) {
  return {
    /** Stores the (re-encoded) logo and writes its audit line; the time it was set. */
    async set(input: {
      organizationId: string;
      actorId: string;
      logo: { data: Buffer; type: string; width: number; height: number };
    }): Promise<Date> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(organizations)
          .set({
            logo: input.logo.data,
            logoType: input.logo.type,
            // Never the same as the previous version (its address is cached for long).
            logoUpdatedAt: sql`greatest(now(),
              coalesce(${organizations.logoUpdatedAt} + interval '1 millisecond', now()))`,
          })
          .where(eq(organizations.id, input.organizationId))
          .returning({ logoUpdatedAt: organizations.logoUpdatedAt });
        await recordAudit(tx, {
          organizationId: input.organizationId,
          actorId: input.actorId,
          action: 'organization.logo_set',
          data: {
            width: input.logo.width,
            height: input.logo.height,
            bytes: input.logo.data.length,
          },
        });
        return row.logoUpdatedAt!;
      });
    },

    /** Removes the logo; false when there was none (then nothing is written to the audit log). */
    async remove(organizationId: string, actorId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .update(organizations)
          .set({ logo: null, logoType: null, logoUpdatedAt: null })
          .where(sql`${organizations.id} = ${organizationId} and ${organizations.logo} is not null`)
          .returning({ id: organizations.id });
        if (!removed.length) return false;
        await recordAudit(tx, { organizationId, actorId, action: 'organization.logo_removed' });
        return true;
      });
    },

    /** The stored logo of an organisation (undefined: no such organisation, or no logo). */
    async find(
      organizationId: string,
    ): Promise<{ data: Buffer; type: string; updatedAt: Date } | undefined> {
      const [row] = await db
        .select({
          data: organizations.logo,
          type: organizations.logoType,
          updatedAt: organizations.logoUpdatedAt,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!row?.data || !row.updatedAt) return undefined;
      return { data: row.data, type: row.type ?? 'image/png', updatedAt: row.updatedAt };
    },
  };
}
