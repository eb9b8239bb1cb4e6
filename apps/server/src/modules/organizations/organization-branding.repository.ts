import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { recordAudit } from './audit.repository.ts';

/**
 * The SQL side of an organisation's branding: the columns its codes' pages read, and its logo
 * (set, removed and read, each change with its audit line).
 */

/** The columns `brandingColumnsSql` selects. */
export type BrandingColumns = {
  organization_id: string | null;
  organization_name: string | null;
  organization_brand_color: string | null;
  organization_logo_updated_at: Date | string | null;
};

/**
 * The branding columns of a code's organisation, for a statement over `qr_codes` that
 * left-joins `organizations` under `alias` (all null for a personal code):
 * `select …, ${brandingColumnsSql('o')} from qr_codes q left join organizations o on o.id = q.organization_id`.
 * The logo's bytes are not read: pages link to it.
 */
export const brandingColumnsSql = (alias: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`bad SQL alias: ${alias}`);
  return sql.raw(
    `${alias}.id as organization_id, ${alias}.name as organization_name, ` +
      `${alias}.brand_color as organization_brand_color, ` +
      `${alias}.logo_updated_at as organization_logo_updated_at`,
  );
};

/** An organisation's logo in the database: set, removed and read, each change with its audit line. */
export function createOrganizationBrandingRepository(db: Db) {
  return {
    /**
     * Stores the (re-encoded) logo and writes its audit line; the time it was set (undefined when
     * the organisation is gone).
     */
    async set(input: {
      organizationId: string;
      actorId: string;
      logo: { data: Buffer; type: string; width: number; height: number };
    }): Promise<Date | undefined> {
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
        // Deleted meanwhile: nothing to brand.
        if (!row) return undefined;
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
