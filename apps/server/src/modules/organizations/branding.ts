import { brandColorFor } from '@carecode/domain/organizations/branding';
import type { ScanBranding } from '@carecode/domain/scans/scan.schema';
import { sql, type SQL } from 'drizzle-orm';

/**
 * An organisation's branding as its codes show it: on the scan page, on the designer's card and
 * on the print sheet. The colour is always passed through `brandColorFor`, so a colour too light
 * for white text never reaches a page or a card.
 */

/**
 * The logo's address, or null without a logo. `?v=` is the time the logo was set (ms), so a new
 * logo gets a new address and the old one can be cached for long.
 */
export function logoUrlOf(
  organizationId: string,
  logoUpdatedAt: Date | string | null | undefined,
  apiBaseUrl = '/api',
): string | null {
  if (!logoUpdatedAt) return null;
  const version = new Date(logoUpdatedAt).getTime();
  return `${apiBaseUrl}/organizations/${encodeURIComponent(organizationId)}/logo?v=${version}`;
}

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

/** The branding a scanner sees, from `brandingColumnsSql`'s columns (null: a personal code). */
export function brandingOf(row: BrandingColumns, apiBaseUrl?: string): ScanBranding | null {
  if (!row.organization_id) return null;
  return {
    name: row.organization_name ?? '',
    color: brandColorFor(row.organization_brand_color),
    logoUrl: logoUrlOf(row.organization_id, row.organization_logo_updated_at, apiBaseUrl),
  };
}
