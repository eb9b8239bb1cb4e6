import type { OrganizationRole } from '@carecode/domain/organizations/organization.schema';
import { canManage } from '@carecode/domain/organizations/organization.schema';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Who reaches which code, in one place. A personal code is its owner's alone (role `owner`); an
 * organisation's code is reached by its members in their role: everyone sees it and its scans,
 * owners and admins also change it. A code someone cannot see answers 404, as if it did not exist;
 * one they see but cannot change answers 403.
 */

/**
 * The caller's role on a code, in SQL over the `qr_codes` row in scope (null: none). Columns are
 * named with their table: inside the subqueries a bare name would be the members table's.
 */
export const qrRoleSql = (
  userId: string,
): SQL<OrganizationRole | null> => sql<OrganizationRole | null>`case
    when qr_codes.organization_id is null
      then case when qr_codes.owner_id = ${userId} then 'owner' end
    else (select m.role from organization_members m
          where m.organization_id = qr_codes.organization_id and m.user_id = ${userId})
  end`;

/** The codes the caller sees: their personal codes and their organisations' codes. */
export const visibleQrSql = (userId: string): SQL =>
  sql`((qr_codes.organization_id is null and qr_codes.owner_id = ${userId})
    or qr_codes.organization_id in
      (select m.organization_id from organization_members m where m.user_id = ${userId}))`;

/** The codes the caller may change: their personal codes and those of organisations they run. */
export const manageableQrSql = (userId: string): SQL =>
  sql`((qr_codes.organization_id is null and qr_codes.owner_id = ${userId})
    or qr_codes.organization_id in
      (select m.organization_id from organization_members m
       where m.user_id = ${userId} and m.role in ('owner', 'admin')))`;

/** The caller's role on a code (null when they cannot see it or it does not exist). */
export async function qrRoleOf(
  db: Db,
  qrId: string,
  userId: string,
): Promise<OrganizationRole | null> {
  const [row] = await queryRows<{ role: OrganizationRole | null }>(
    db,
    sql`select ${qrRoleSql(userId)} as role from qr_codes where id = ${qrId}`,
  );
  return row?.role ?? null;
}

/**
 * The caller's role on a code they are about to change: 404 when they cannot see it, 403 when
 * they only see it.
 */
export async function requireQrManager(
  db: Db,
  qrId: string,
  userId: string,
  notFound: () => AppError = () => new AppError('QR_NOT_FOUND'),
): Promise<OrganizationRole> {
  const role = await qrRoleOf(db, qrId, userId);
  if (!role) throw notFound();
  if (!canManage(role)) throw new AppError('ORGANIZATION_ROLE');
  return role;
}

export interface OrganizationAccess {
  role: OrganizationRole;
  /** The organisation's owner: its codes are theirs, counted against their plan. */
  ownerId: string;
  name: string;
}

/**
 * The caller's place in an organisation, checked against what the action needs: an outsider
 * (or a missing organisation) gets 404, a member asking for an admin's action 403.
 */
export async function requireOrganizationRole(
  db: Db,
  organizationId: string,
  userId: string,
  needs: 'member' | 'admin' | 'owner',
): Promise<OrganizationAccess> {
  const [row] = await queryRows<{ role: OrganizationRole; owner_id: string; name: string }>(
    db,
    sql`select m.role, o.owner_id, o.name from organization_members m
        join organizations o on o.id = m.organization_id
        where m.organization_id = ${organizationId} and m.user_id = ${userId}`,
  );
  if (!row) throw new AppError('ORGANIZATION_NOT_FOUND');
  if (needs === 'admin' && !canManage(row.role)) throw new AppError('ORGANIZATION_ROLE');
  if (needs === 'owner' && row.role !== 'owner') throw new AppError('ORGANIZATION_OWNER_ONLY');
  return { role: row.role, ownerId: row.owner_id, name: row.name };
}
