import type { OrganizationRole } from '@carecode/domain/organizations/organization.schema';
import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';

/** The caller's role on a code ('owner' for a personal code answered without one). */
export const qrRoleOf = (qr: QrCode): OrganizationRole => qr.role ?? 'owner';

/** The organisation a code belongs to, or null for a personal code. */
export const qrOrganizationIdOf = (qr: QrCode): string | null => qr.organizationId ?? null;

/** A member of the code's organisation sees it (and its scans) but cannot change it. */
export const isReadOnlyQr = (qr: QrCode): boolean => qrRoleOf(qr) === 'member';
