import { z } from 'zod';
import { requiredLengthText, requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';
import { fieldMessage } from '../errors/field-messages.ts';
import { INVALID_VALUE_MESSAGE } from '../qr-codes/messages.ts';

/**
 * Organisations (Business): a school, a fleet, a hotel desk. The Business owner who creates one
 * is its owner; they invite admins (who edit, delete and invite) and members (who see the codes
 * and their scans, and get the alerts). Codes can belong to an organisation.
 */

export const organizationRoles = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];
/** The roles an invitation or a role change can give (there is one owner). */
export const invitableRoles = ['admin', 'member'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/** True for the roles that edit, delete, invite and set the branding. */
export const canManage = (role: OrganizationRole | null | undefined): boolean =>
  role === 'owner' || role === 'admin';

export const ORGANIZATION_NAME_MAX = 80;
export const organizationIdSchema = z
  .string({ error: requiredOrInvalid })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, INVALID_VALUE_MESSAGE);

/** A role as sent: `admin` or `member`, in any case. */
const roleInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(invitableRoles, { error: requiredOrInvalid }),
);

/** `#RRGGBB`; the scan page and cards fall back to the default when it lacks contrast. */
export const brandColorSchema = z
  .string({ error: requiredOrInvalid })
  .regex(/^#[0-9A-Fa-f]{6}$/, fieldMessage('BRAND_COLOR'))
  .transform((value) => value.toUpperCase());

/** `POST /organizations` */
export const createOrganizationInputSchema = strictObject({
  name: requiredLengthText(2, ORGANIZATION_NAME_MAX),
});
export type CreateOrganizationInput = z.infer<typeof createOrganizationInputSchema>;

/** `PATCH /organizations/{id}`: the name and the brand colour (null clears it). */
export const updateOrganizationInputSchema = strictObject({
  name: requiredLengthText(2, ORGANIZATION_NAME_MAX).optional(),
  brandColor: brandColorSchema.nullable().optional(),
});
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationInputSchema>;

/** `POST /organizations/{id}/invitations` */
export const invitationInputSchema = strictObject({
  email: z
    .string({ error: requiredOrInvalid })
    .trim()
    .toLowerCase()
    .pipe(
      z.email({ error: fieldMessage('EMAIL_INVALID') }).max(254, fieldMessage('EMAIL_INVALID')),
    ),
  role: roleInputSchema,
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** `PATCH /organizations/{id}/members/{userId}` */
export const memberRoleInputSchema = strictObject({ role: roleInputSchema });

const isoDateTime = z.iso.datetime({ offset: true });

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's role in it. */
  role: z.enum(organizationRoles),
  /** The colour as set (null: none). */
  brandColor: z.string().nullable(),
  /** The logo's address (null: none); it changes when the logo does. */
  logoUrl: z.string().nullable(),
  memberCount: z.number().int(),
  qrCount: z.number().int(),
  createdAt: isoDateTime,
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListSchema = z.array(organizationSchema);

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  role: z.enum(organizationRoles),
  joinedAt: isoDateTime,
});
export type OrganizationMember = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(invitableRoles),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type OrganizationInvitation = z.infer<typeof invitationSchema>;

/** `GET /organizations/{id}`: the organisation, its members and (for admins) open invitations. */
export const organizationDetailSchema = organizationSchema.extend({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/** `GET /invitations/{token}`: what the link offers, shown before it is accepted. */
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: z.enum(invitableRoles),
  /** 'open', or why it can no longer be accepted. */
  state: z.enum(['open', 'accepted', 'expired', 'revoked']),
  expiresAt: isoDateTime,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const auditActions = [
  'organization.created',
  'organization.updated',
  'organization.logo_set',
  'organization.logo_removed',
  'invitation.created',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'qr.created',
  'qr.bulk_created',
  'qr.updated',
  'qr.deleted',
  'qr.made_public',
  'qr.made_private',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  action: z.enum(auditActions),
  /** Who did it (null once their account is erased). */
  actor: z.object({ userId: z.string(), email: z.string().nullable() }).nullable(),
  /** What it was done to: a QR id, a member's e-mail, an invitation's e-mail. */
  target: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /organizations/{id}/audit?before=&limit=`: newest first, paged by id. */
export const auditQuerySchema = strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Organisations, their branding and their team belong to the Business plan in force. */
export const canCreateOrganization = (plan: string): boolean => plan === 'BUSINESS';
