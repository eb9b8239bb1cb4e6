import type {
  AuditAction,
  InvitableRole,
  OrganizationRole,
} from '@carecode/domain/organizations/organization.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  organizationInvitations,
  organizationMembers,
  organizations,
} from '../../db/schema/index.ts';
import { recordAudit } from './audit.repository.ts';

export interface OrganizationRow extends Record<string, unknown> {
  id: string;
  name: string;
  owner_id: string;
  brand_color: string | null;
  logo_updated_at: Date | string | null;
  created_at: Date | string;
  role: OrganizationRole;
  member_count: number;
  qr_count: number;
}

export interface MemberRow extends Record<string, unknown> {
  user_id: string;
  email: string | null;
  role: OrganizationRole;
  joined_at: Date | string;
}

export interface InvitationRow extends Record<string, unknown> {
  id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  role: InvitableRole;
  expires_at: Date | string;
  created_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

export interface AuditRow extends Record<string, unknown> {
  id: number;
  at: Date | string;
  action: AuditAction;
  actor_id: string | null;
  actor_email: string | null;
  target: string | null;
  data: Record<string, unknown>;
}

/** An organisation as its member sees it: with their role and its counts. */
const organizationColumns = sql`o.id, o.name, o.owner_id, o.brand_color, o.logo_updated_at,
  o.created_at, m.role,
  (select count(*)::int from organization_members c where c.organization_id = o.id) as member_count,
  (select count(*)::int from qr_codes q where q.organization_id = o.id) as qr_count`;

const openInvitation = sql`i.accepted_at is null and i.revoked_at is null`;

export function createOrganizationsRepository(db: Db) {
  const rows = <Row extends Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
    queryRows<Row>(db, statement);

  const findForMember = async (id: string, userId: string) => {
    const [row] = await rows<OrganizationRow>(sql`
      select ${organizationColumns}
      from organization_members m join organizations o on o.id = m.organization_id
      where m.organization_id = ${id} and m.user_id = ${userId}`);
    return row;
  };

  return {
    findForMember,

    async listForMember(userId: string): Promise<OrganizationRow[]> {
      return rows<OrganizationRow>(sql`
        select ${organizationColumns}
        from organization_members m join organizations o on o.id = m.organization_id
        where m.user_id = ${userId}
        order by o.created_at, o.id`);
    },

    /** The organisation, its owner as its first member, and the first line of its log. */
    async create(input: { id: string; name: string; ownerId: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(organizations).values(input);
        await tx
          .insert(organizationMembers)
          .values({ organizationId: input.id, userId: input.ownerId, role: 'owner' });
        await recordAudit(tx, {
          organizationId: input.id,
          actorId: input.ownerId,
          action: 'organization.created',
          data: { name: input.name },
        });
      });
    },

    async update(
      id: string,
      actorId: string,
      changes: { name?: string; brandColor?: string | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          update organizations set
            name = coalesce(${changes.name ?? null}, name),
            brand_color = case when ${changes.brandColor !== undefined}
                               then ${changes.brandColor ?? null} else brand_color end
          where id = ${id}`);
        await recordAudit(tx, {
          organizationId: id,
          actorId,
          action: 'organization.updated',
          data: changes,
        });
      });
    },

    /** Deletes the organisation; its codes stay, as its owner's personal codes. */
    async remove(id: string): Promise<void> {
      await db.execute(sql`delete from organizations where id = ${id}`);
    },

    async members(id: string): Promise<MemberRow[]> {
      return rows<MemberRow>(sql`
        select m.user_id, u.email, m.role, m.joined_at
        from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${id}
        order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at,
                 m.user_id`);
    },

    async member(id: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await rows<MemberRow>(sql`
        select m.user_id, u.email, m.role, m.joined_at
        from organization_members m join users u on u.id = m.user_id
        where m.organization_id = ${id} and m.user_id = ${userId}`);
      return row;
    },

    /** True when an account with this address already belongs to the organisation. */
    async hasMemberWithEmail(id: string, email: string): Promise<boolean> {
      const [row] = await rows<{ found: boolean }>(sql`
        select exists(
          select 1 from organization_members m join users u on u.id = m.user_id
          where m.organization_id = ${id} and lower(u.email) = ${email}) as found`);
      return Boolean(row?.found);
    },

    /** Open, unexpired invitations, newest first. */
    async openInvitations(id: string): Promise<InvitationRow[]> {
      return rows<InvitationRow>(sql`
        select i.*, o.name as organization_name
        from organization_invitations i join organizations o on o.id = i.organization_id
        where i.organization_id = ${id} and ${openInvitation} and i.expires_at > now()
        order by i.created_at desc, i.id`);
    },

    /**
     * Invites an address, or renews its open invitation (a new link, role and expiry: the old
     * link stops working), with its audit line.
     */
    async invite(input: {
      id: string;
      organizationId: string;
      email: string;
      role: InvitableRole;
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    }): Promise<InvitationRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          update organization_invitations i set revoked_at = now()
          where i.organization_id = ${input.organizationId} and i.email = ${input.email}
            and ${openInvitation}`);
        await tx.insert(organizationInvitations).values(input);
        await recordAudit(tx, {
          organizationId: input.organizationId,
          actorId: input.invitedBy,
          action: 'invitation.created',
          target: input.email,
          data: { role: input.role },
        });
        const [row] = await queryRows<InvitationRow>(
          tx as unknown as Db,
          sql`select i.*, o.name as organization_name
              from organization_invitations i join organizations o on o.id = i.organization_id
              where i.id = ${input.id}`,
        );
        return row;
      });
    },

    /** Withdraws an open invitation; false when there is none with that id. */
    async revokeInvitation(
      organizationId: string,
      invitationId: string,
      actorId: string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const revoked = await queryRows<{ email: string }>(
          tx as unknown as Db,
          sql`update organization_invitations i set revoked_at = now()
              where i.id = ${invitationId} and i.organization_id = ${organizationId}
                and ${openInvitation}
              returning i.email`,
        );
        if (!revoked.length) return false;
        await recordAudit(tx, {
          organizationId,
          actorId,
          action: 'invitation.revoked',
          target: revoked[0].email,
        });
        return true;
      });
    },

    async invitationByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await rows<InvitationRow>(sql`
        select i.*, o.name as organization_name
        from organization_invitations i join organizations o on o.id = i.organization_id
        where i.token_hash = ${tokenHash}`);
      return row;
    },

    /**
     * Accepts an open invitation for this account, under a lock on the invitation so it is used
     * once: 'closed' when it no longer is open, 'member' when the account already belongs.
     */
    async accept(
      tokenHash: string,
      userId: string,
    ): Promise<{ ok: true; organizationId: string } | { ok: false; reason: 'closed' | 'member' }> {
      return db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const [invitation] = await queryRows<InvitationRow & { open: boolean }>(
          txDb,
          sql`select i.*, (${openInvitation} and i.expires_at > now()) as open, '' as organization_name
              from organization_invitations i where i.token_hash = ${tokenHash} for update`,
        );
        if (!invitation?.open) return { ok: false, reason: 'closed' };
        const inserted = await queryRows<{ user_id: string }>(
          txDb,
          sql`insert into organization_members (organization_id, user_id, role)
              values (${invitation.organization_id}, ${userId}, ${invitation.role})
              on conflict do nothing returning user_id`,
        );
        if (!inserted.length) return { ok: false, reason: 'member' };
        await tx.execute(sql`
          update organization_invitations set accepted_at = now(), accepted_by = ${userId}
          where id = ${invitation.id}`);
        const [account] = await queryRows<{ email: string | null }>(
          txDb,
          sql`select email from users where id = ${userId}`,
        );
        await recordAudit(tx, {
          organizationId: invitation.organization_id,
          actorId: userId,
          action: 'member.joined',
          target: account?.email ?? null,
          data: { role: invitation.role, invitedEmail: invitation.email },
        });
        return { ok: true, organizationId: invitation.organization_id };
      });
    },

    async changeRole(
      organizationId: string,
      userId: string,
      role: InvitableRole,
      actorId: string,
      from: OrganizationRole,
      email: string | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          update organization_members set role = ${role}
          where organization_id = ${organizationId} and user_id = ${userId}`);
        await recordAudit(tx, {
          organizationId,
          actorId,
          action: 'member.role_changed',
          target: email,
          data: { from, to: role },
        });
      });
    },

    async removeMember(
      organizationId: string,
      userId: string,
      actorId: string,
      email: string | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          delete from organization_members
          where organization_id = ${organizationId} and user_id = ${userId}`);
        await recordAudit(tx, {
          organizationId,
          actorId,
          action: userId === actorId ? 'member.left' : 'member.removed',
          target: email,
        });
      });
    },

    /** Audit lines newest first, `limit + 1` read to tell whether more remain. */
    async audit(organizationId: string, before: number | undefined, limit: number) {
      return rows<AuditRow>(sql`
        select a.id::int as id, a.at, a.action, a.actor_id, u.email as actor_email, a.target, a.data
        from organization_audit a left join users u on u.id = a.actor_id
        where a.organization_id = ${organizationId}
          ${before === undefined ? sql`` : sql`and a.id < ${before}`}
        order by a.id desc
        limit ${limit + 1}`);
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
