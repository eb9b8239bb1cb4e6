import { brandColorFor } from '@carecode/domain/organizations/branding';
import type { ScanBranding } from '@carecode/domain/scans/scan.schema';
import type { BrandingColumns } from './organization-branding.repository.ts';

/**
 * An organisation's branding as its codes show it: on the scan page, on the designer's card and
 * on the print sheet. The colour is always passed through `brandColorFor`, so a colour too light
 * for white text never reaches a page or a card.
 */

/**
 * The logo's address, or null without a logo: under the API's fixed prefix on the page's own
 * origin (the pages' CSP takes images from 'self'). `?v=` is the time the logo was set (ms), so
 * a new logo gets a new address and the old one can be cached for long.
 */
export function logoUrlOf(
  organizationId: string,
  logoUpdatedAt: Date | string | null | undefined,
  prefix = '/api',
): string | null {
  if (!logoUpdatedAt) return null;
  const version = new Date(logoUpdatedAt).getTime();
  return `${prefix}/organizations/${encodeURIComponent(organizationId)}/logo?v=${version}`;
}

/** The branding a scanner sees, from `brandingColumnsSql`'s columns (null: a personal code). */
export function brandingOf(row: BrandingColumns): ScanBranding | null {
  if (!row.organization_id) return null;
  return {
    name: row.organization_name ?? '',
    color: brandColorFor(row.organization_brand_color),
    logoUrl: logoUrlOf(row.organization_id, row.organization_logo_updated_at),
  };
}
