import type {
  AuditPage,
  CreateOrganizationInput,
  InvitableRole,
  InvitationInput,
  InvitationPreview,
  Organization,
  OrganizationDetail,
  OrganizationInvitation,
  OrganizationMember,
  UpdateOrganizationInput,
} from '@carecode/domain/organizations/organization.schema';
import {
  canCreateOrganization,
  canManage,
} from '@carecode/domain/organizations/organization.schema';
import type { PlanType } from '@carecode/domain/plans/plans';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newOneTimeToken } from '../../lib/one-time-token.ts';
import type { MailLanguage } from '../mail/mail-templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import { logoUrlOf } from './branding.ts';
import { invitationMail } from './invitation-mail.ts';
import { requireOrganizationRole } from './organization-access.repository.ts';
import type {
  InvitationRow,
  MemberRow,
  OrganizationRow,
  OrganizationsRepository,
} from './organizations.repository.ts';

/** An invitation link stays open a week. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    brandColor: row.brand_color,
    logoUrl: logoUrlOf(row.id, row.logo_updated_at),
    memberCount: Number(row.member_count),
    qrCount: Number(row.qr_count),
    createdAt: iso(row.created_at),
  };
}

const toMember = (row: MemberRow): OrganizationMember => ({
  userId: row.user_id,
  email: row.email,
  role: row.role,
  joinedAt: iso(row.joined_at),
});

const toInvitation = (row: InvitationRow): OrganizationInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
});

interface Caller {
  id: string;
  email: string | null;
  plan: PlanType;
}

/**
 * Organisations and their people. Every action first checks the caller's place: an outsider
 * meets 404 (the organisation might as well not exist), a member asking for an admin's action
 * 403. Each change writes its audit line in the same transaction.
 */
export function createOrganizationsService(deps: {
  db: Db;
  repository: OrganizationsRepository;
  mailer: Mailer;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => Date.now());

  const load = async (id: string, userId: string): Promise<Organization> => {
    const row = await repository.findForMember(id, userId);
    if (!row) throw new AppError('ORGANIZATION_NOT_FOUND');
    return toOrganization(row);
  };

  /** The member being acted on, who must not be the owner. */
  const otherThanOwner = async (organizationId: string, userId: string) => {
    const member = await repository.member(organizationId, userId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    if (member.role === 'owner') throw new AppError('ORGANIZATION_OWNER_STAYS');
    return member;
  };

  return {
    async create(caller: Caller, input: CreateOrganizationInput): Promise<Organization> {
      if (!canCreateOrganization(caller.plan)) {
        throw new AppError('ORGANIZATION_PLAN', { params: { plan: caller.plan } });
      }
      const id = newId();
      await repository.create({ id, name: input.name, ownerId: caller.id });
      return load(id, caller.id);
    },

    async list(userId: string): Promise<Organization[]> {
      return (await repository.listForMember(userId)).map(toOrganization);
    },

    async get(id: string, userId: string): Promise<OrganizationDetail> {
      const organization = await load(id, userId);
      const [members, invitations] = await Promise.all([
        repository.members(id),
        canManage(organization.role) ? repository.openInvitations(id) : Promise.resolve([]),
      ]);
      return {
        ...organization,
        members: members.map(toMember),
        invitations: invitations.map(toInvitation),
      };
    },

    async update(id: string, userId: string, input: UpdateOrganizationInput) {
      await requireOrganizationRole(db, id, userId, 'admin');
      if (input.name !== undefined || input.brandColor !== undefined) {
        await repository.update(id, userId, input);
      }
      return load(id, userId);
    },

    async remove(id: string, userId: string): Promise<void> {
      await requireOrganizationRole(db, id, userId, 'owner');
      await repository.remove(id);
    },

    async invite(
      id: string,
      caller: Caller,
      input: InvitationInput,
      language: MailLanguage,
    ): Promise<OrganizationInvitation> {
      const access = await requireOrganizationRole(db, id, caller.id, 'admin');
      if (await repository.hasMemberWithEmail(id, input.email)) {
        throw new AppError('ALREADY_MEMBER', { fields: { email: 'Already a member' } });
      }
      const { token, hash } = newOneTimeToken();
      const row = await repository.invite({
        id: newId(),
        organizationId: id,
        email: input.email,
        role: input.role,
        tokenHash: hash,
        invitedBy: caller.id,
        expiresAt: new Date(now() + INVITATION_TTL_MS),
      });
      const mail = invitationMail(language, {
        organization: access.name,
        inviter: caller.email ?? access.name,
        role: input.role,
        url: `${deps.publicUrl}/invitations/${token}`,
      });
      await deps.mailer.send({ to: input.email, ...mail });
      return toInvitation(row);
    },

    async revokeInvitation(id: string, invitationId: string, userId: string): Promise<void> {
      await requireOrganizationRole(db, id, userId, 'admin');
      if (!(await repository.revokeInvitation(id, invitationId, userId))) {
        throw new AppError('INVITATION_NOT_FOUND');
      }
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await repository.invitationByTokenHash(hashToken(token));
      if (!row) throw new AppError('INVITATION_NOT_FOUND');
      const state = row.accepted_at
        ? 'accepted'
        : row.revoked_at
          ? 'revoked'
          : new Date(row.expires_at).getTime() <= now()
            ? 'expired'
            : 'open';
      return {
        organizationName: row.organization_name,
        email: row.email,
        role: row.role,
        state,
        expiresAt: iso(row.expires_at),
      };
    },

    async accept(token: string, userId: string): Promise<Organization> {
      const result = await repository.accept(hashToken(token), userId);
      if (!result.ok) {
        if (result.reason === 'member') throw new AppError('ALREADY_MEMBER');
        // An unknown token and a used one answer alike: the link is no good.
        throw new AppError('INVITATION_CLOSED');
      }
      return load(result.organizationId, userId);
    },

    async changeRole(
      id: string,
      memberId: string,
      role: InvitableRole,
      userId: string,
    ): Promise<OrganizationMember> {
      await requireOrganizationRole(db, id, userId, 'admin');
      const member = await otherThanOwner(id, memberId);
      if (member.role !== role) {
        await repository.changeRole(id, memberId, role, userId, member.role, member.email);
      }
      return toMember({ ...member, role });
    },

    /** An admin removes someone; anyone but the owner removes themself (leaves). */
    async removeMember(id: string, memberId: string, userId: string): Promise<void> {
      await requireOrganizationRole(db, id, userId, memberId === userId ? 'member' : 'admin');
      const member = await otherThanOwner(id, memberId);
      await repository.removeMember(id, memberId, userId, member.email);
    },

    async audit(
      id: string,
      userId: string,
      query: { before?: number; limit: number },
    ): Promise<AuditPage> {
      await requireOrganizationRole(db, id, userId, 'admin');
      const rows = await repository.audit(id, query.before, query.limit);
      const page = rows.slice(0, query.limit);
      return {
        entries: page.map((row) => ({
          id: Number(row.id),
          at: iso(row.at),
          action: row.action,
          actor: row.actor_id ? { userId: row.actor_id, email: row.actor_email } : null,
          target: row.target,
          data: row.data ?? {},
        })),
        nextBefore: rows.length > query.limit ? Number(page[page.length - 1].id) : null,
      };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
