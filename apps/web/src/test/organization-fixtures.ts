import type {
  AuditEntry,
  Organization,
  OrganizationDetail,
} from '@carecode/domain/organizations/organization.schema';

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org-sunrise',
    name: 'Sunrise School',
    role: 'owner',
    brandColor: null,
    logoUrl: null,
    memberCount: 3,
    qrCount: 30,
    createdAt: '2026-11-01T04:30:00.000Z',
    ...overrides,
  };
}

/** Sunrise School: Asha owns it, Vikram is an admin, Ravi a member; one open invitation. */
export function makeOrganizationDetail(
  overrides: Partial<OrganizationDetail> = {},
): OrganizationDetail {
  const base = makeOrganization(overrides);
  return {
    ...base,
    members: [
      {
        userId: 'u-asha',
        email: 'asha@sunrise.in',
        role: 'owner',
        joinedAt: '2026-11-01T04:30:00.000Z',
      },
      {
        userId: 'u-vikram',
        email: 'vikram@sunrise.in',
        role: 'admin',
        joinedAt: '2026-11-02T04:30:00.000Z',
      },
      {
        userId: 'u-ravi',
        email: 'ravi@sunrise.in',
        role: 'member',
        joinedAt: '2026-11-03T04:30:00.000Z',
      },
    ],
    invitations:
      base.role === 'member'
        ? []
        : [
            {
              id: 'inv-1',
              email: 'teacher@sunrise.in',
              role: 'member',
              createdAt: '2026-11-20T04:30:00.000Z',
              expiresAt: '2026-11-27T04:30:00.000Z',
            },
          ],
    ...overrides,
  };
}

export const auditEntry = (
  id: number,
  action: AuditEntry['action'],
  overrides: Partial<AuditEntry> = {},
): AuditEntry => ({
  id,
  at: '2026-11-20T04:30:00.000Z',
  action,
  actor: { userId: 'u-asha', email: 'asha@sunrise.in' },
  target: null,
  data: {},
  ...overrides,
});

/** GET /user/me of a signed-in user on `plan`. */
export const userMe = (email: string, plan: 'FREE' | 'BASIC' | 'PREMIUM' | 'BUSINESS') => ({
  email,
  emailVerified: true,
  phone: null,
  plan,
  ownedPlan: plan,
  paidPlan: plan === 'BUSINESS' || plan === 'PREMIUM' ? plan : null,
  paidPeriod: plan === 'BUSINESS' || plan === 'PREMIUM' ? 'MONTHLY' : null,
  planExpiresAt: plan === 'BUSINESS' || plan === 'PREMIUM' ? '2026-12-20T04:30:00.000Z' : null,
  groups: [plan.toLowerCase()],
});
