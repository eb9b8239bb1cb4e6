import type { InvitableRole } from '@carecode/domain/organizations/organization.schema';
import type { TestApp } from '../../../test/helper.ts';
import { organizationMembers, organizations } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createOwner, type Owner } from '../scans/scans.test-kit.ts';

export interface OrganizationFixture {
  id: string;
  owner: Owner;
  admin: Owner;
  member: Owner;
  outsider: Owner;
}

/** Adds a person to an organisation straight in the tables (tests of what membership gives). */
export async function addMember(
  t: TestApp,
  organizationId: string,
  userId: string,
  role: InvitableRole,
): Promise<void> {
  await t.database.db.insert(organizationMembers).values({ organizationId, userId, role });
}

/**
 * A Business owner's organisation with an admin and a member, and an outsider on Business too,
 * written straight in the tables. `prefix` keeps subjects apart between test files.
 */
export async function createOrganizationFixture(
  t: TestApp,
  prefix: string,
  name = 'Sunrise School',
): Promise<OrganizationFixture> {
  const owner = await createOwner(t, `${prefix}-owner`, 'BUSINESS');
  const admin = await createOwner(t, `${prefix}-admin`);
  const member = await createOwner(t, `${prefix}-member`);
  const outsider = await createOwner(t, `${prefix}-outsider`, 'BUSINESS');
  const id = newId();
  await t.database.db.insert(organizations).values({ id, name, ownerId: owner.id });
  await t.database.db
    .insert(organizationMembers)
    .values({ organizationId: id, userId: owner.id, role: 'owner' });
  await addMember(t, id, admin.id, 'admin');
  await addMember(t, id, member.id, 'member');
  return { id, owner, admin, member, outsider };
}
